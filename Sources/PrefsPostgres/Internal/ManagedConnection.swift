internal import Logging
internal import PostgresNIO
internal import Prefs

/// Delays between retries: doubling from a first delay up to a maximum, each shortened by a random
/// part so that a fleet does not reconnect in lockstep after the database restarts.
struct Backoff: Sendable {
    let first: Duration
    let maximum: Duration

    /// The delay before the attempt that follows `failures` failures in a row.
    func delay(afterFailures failures: Int) -> TimeAmount {
        guard failures > 0 else { return .zero }
        let doubled = first * (1 << min(failures - 1, 20))
        let capped = min(doubled, maximum)
        return (capped * Double.random(in: 0.5...1.0)).timeAmount
    }
}

/// One connection to the server that is made again when it is lost: a failed attempt delays the
/// next by the backoff; a lost connection is replaced at once. Everything runs on the store's
/// event loop; nothing here blocks.
final class ManagedConnection: Sendable {
    private struct State {
        var connection: GuardedConnection?
        var connecting: EventLoopFuture<GuardedConnection>?
        var failures = 0
        var notBefore = NIODeadline.uptimeNanoseconds(0)
        var isClosed = false
        /// Whether a connection was lost or an attempt failed since the last connection was made.
        var isReconnecting = false
    }

    private static let nextID = Lock(0)

    private let loop: any EventLoop
    private let configuration: PostgresConnection.Configuration
    /// The longest a query may take before the connection is given up.
    private let timeout: TimeAmount
    private let backoff: Backoff
    private let logger: Logger
    /// Told of every connection made again after a loss or a failed attempt.
    private let reconnected: @Sendable () -> Void
    private let state = Lock(State())
    private let preparer = Lock<(@Sendable (GuardedConnection) -> EventLoopFuture<Void>)?>(nil)

    init(
        loop: any EventLoop,
        configuration: PostgresConnection.Configuration,
        backoff: Backoff,
        timeout: TimeAmount,
        logger: Logger,
        reconnected: @escaping @Sendable () -> Void = {}
    ) {
        self.loop = loop
        self.reconnected = reconnected
        self.configuration = configuration
        self.timeout = timeout
        self.backoff = backoff
        self.logger = logger
    }

    /// The connection when one is established now.
    var current: GuardedConnection? {
        state.withLock { state in state.connection.flatMap { $0.isClosed ? nil : $0 } }
    }

    /// Sets what runs on every new connection before it is handed out (for the listening session: `LISTEN` and the
    /// catch-up read); when it fails, the connection is closed and the attempt counts as failed.
    func prepareEveryConnection(with preparing: @escaping @Sendable (GuardedConnection) -> EventLoopFuture<Void>) {
        preparer.withLock { $0 = preparing }
    }

    /// The established connection, or a new one (after the backoff delay when the last attempt failed), prepared by
    /// what ``prepareEveryConnection(with:)`` set.
    ///
    /// - Returns: The connection, or the reason there is none.
    func connection() -> EventLoopFuture<GuardedConnection> {
        enum Next {
            case closed
            case established(GuardedConnection)
            case pending(EventLoopFuture<GuardedConnection>)
            case attempt(after: TimeAmount)
        }
        let promise = loop.makePromise(of: GuardedConnection.self)
        // Decide under the lock, act after it: a promise fulfilled on the loop runs its callbacks at once.
        let next = state.withLock { state -> Next in
            if state.isClosed { return .closed }
            if let connection = state.connection, !connection.isClosed { return .established(connection) }
            if let connecting = state.connecting { return .pending(connecting) }
            state.connecting = promise.futureResult
            let wait = state.notBefore - .now()
            return .attempt(after: wait > .zero ? wait : .zero)
        }
        switch next {
        case .closed: promise.fail(StoreFailure(kind: .closed, reason: "the store is closed"))
        case .established(let connection): promise.succeed(connection)
        case .pending(let connecting): connecting.cascade(to: promise)
        case .attempt(let delay): attempt(after: delay, preparing: preparer.withLock { $0 }, promise: promise)
        }
        return promise.futureResult
    }

    private func attempt(
        after delay: TimeAmount,
        preparing: (@Sendable (GuardedConnection) -> EventLoopFuture<Void>)?,
        promise: EventLoopPromise<GuardedConnection>
    ) {
        let loop = self.loop
        let id = Self.nextID.withLock { id in
            id += 1
            return id
        }
        loop.scheduleTask(in: delay) {}.futureResult.flatMap { [configuration, logger] in
            PostgresConnection.connect(on: loop, configuration: configuration, id: id, logger: logger)
        }.map { [timeout] in GuardedConnection($0, timeout: timeout) }.flatMap {
            connection -> EventLoopFuture<GuardedConnection> in
            guard let preparing else { return loop.makeSucceededFuture(connection) }
            return preparing(connection).map { connection }.flatMapError { error in
                connection.raw.close().recover { _ in }.flatMapThrowing { throw error }
            }
        }.whenComplete { [self] result in
            switch result {
            case .success(let connection):
                let (isClosed, isReconnection) = state.withLock { state in
                    defer { state.isReconnecting = false }
                    state.connecting = nil
                    state.failures = 0
                    if !state.isClosed { state.connection = connection }
                    return (state.isClosed, state.isReconnecting)
                }
                if isReconnection, !isClosed { reconnected() }
                if isClosed {
                    connection.close()
                    promise.fail(StoreFailure(kind: .closed, reason: "the store is closed"))
                } else {
                    connection.closeFuture.whenComplete { [weak self] _ in self?.lost(connection) }
                    promise.succeed(connection)
                }
            case .failure(let error):
                state.withLock { state in
                    state.connecting = nil
                    state.isReconnecting = true
                    state.failures += 1
                    state.notBefore = .now() + backoff.delay(afterFailures: state.failures)
                }
                promise.fail(error)
            }
        }
    }

    private func lost(_ connection: GuardedConnection) {
        state.withLock { state in
            if state.connection === connection {
                state.connection = nil
                state.isReconnecting = true
            }
        }
    }

    /// Closes the connection and refuses new ones.
    func close() {
        let connection = state.withLock { state in
            state.isClosed = true
            defer { state.connection = nil }
            return state.connection
        }
        connection?.close()
    }
}
