internal import PostgresNIO
internal import Prefs

/// The connection for writes and transactions, used by one operation at a time, in order.
///
/// Operations are chained futures on the store's event loop. A transaction, whose body runs on the
/// caller's thread, holds the connection through a ``Lease`` until it ends. With one session per store
/// (``PostgresPreferenceStore/Configuration/Sessions/one``) the connection is the listening one, and the
/// change watcher's reads are operations here too, so that none runs inside a transaction.
final class Session: Sendable {
    /// The connection, lent to a caller's thread until ``release`` is called.
    struct Lease: Sendable {
        let connection: GuardedConnection
        let release: @Sendable () -> Void
    }

    let connection: ManagedConnection
    private let loop: any EventLoop
    private let tail: Lock<EventLoopFuture<Void>>

    init(core: StoreCore, connection: ManagedConnection) {
        self.loop = core.loop
        self.connection = connection
        self.tail = Lock(core.loop.makeSucceededVoidFuture())
    }

    /// Runs `operation` after every operation enqueued before it, with the connection or the reason
    /// there is none.
    func enqueue<Value: Sendable>(
        _ operation: @escaping @Sendable (Result<GuardedConnection, any Error>) -> EventLoopFuture<Value>
    ) -> EventLoopFuture<Value> {
        let turn = loop.makePromise(of: Void.self)
        let previous = tail.withLock { tail in
            defer { tail = turn.futureResult }
            return tail
        }
        let run = previous.flatMap { [connection] in
            connection.connection().map { Result.success($0) }.recover { Result.failure($0) }
        }.flatMap(operation)
        run.whenComplete { _ in turn.succeed(()) }
        return run
    }

    /// Blocks the calling thread until the connection is its own.
    ///
    /// - Parameters:
    ///   - timeout: The longest wait.
    ///   - preparing: Runs on the connection before it is lent; when it fails, so does the lease.
    /// - Returns: The lease; call its `release` when done.
    /// - Throws: The connection's failure, `preparing`'s, or a timeout.
    func lease(
        timeout: Duration,
        preparing: @escaping @Sendable (GuardedConnection) -> EventLoopFuture<Void>
    ) throws -> Lease {
        let granted = loop.makePromise(of: GuardedConnection.self)
        let released = loop.makePromise(of: Void.self)
        let isReleased = Lock(false)
        let release: @Sendable () -> Void = {
            let first = isReleased.withLock { isReleased in
                defer { isReleased = true }
                return !isReleased
            }
            if first { released.succeed(()) }
        }
        _ = enqueue { result -> EventLoopFuture<Void> in
            switch result {
            case .failure(let error):
                granted.fail(error)
                release()
            case .success(let connection):
                preparing(connection).whenComplete { outcome in
                    switch outcome {
                    case .success: granted.succeed(connection)
                    case .failure(let error):
                        granted.fail(error)
                        release()
                    }
                }
            }
            return released.futureResult
        }
        do {
            return Lease(
                connection: try granted.futureResult.waitOffLoop(timeout: timeout, "waiting for the connection"),
                release: release)
        } catch {
            granted.futureResult.whenComplete { _ in release() }  // let the queue move on once it is granted
            throw error
        }
    }
}
