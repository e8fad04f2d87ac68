internal import Logging
internal import PostgresNIO
internal import Prefs

/// A connection whose queries always finish.
///
/// postgres-nio never completes a query written to a connection that has already closed (the
/// write is dropped with the channel), and a server that stops answering leaves a query waiting
/// forever. Here every query also fails when the connection closes, and when it has not finished
/// within the timeout; the connection is then closed, since its state is unknown, and made again
/// by its ``ManagedConnection``.
final class GuardedConnection: Sendable {
    private struct Pending {
        var isClosed = false
        var nextID: UInt64 = 0
        var promises: [UInt64: EventLoopPromise<PostgresQueryResult>] = [:]
    }

    /// The postgres-nio connection, for `LISTEN`.
    let raw: PostgresConnection
    private let timeout: TimeAmount
    private let pending = Lock(Pending())

    init(_ raw: PostgresConnection, timeout: TimeAmount) {
        self.raw = raw
        self.timeout = timeout
        raw.closeFuture.whenComplete { [weak self] _ in self?.closed() }
    }

    var eventLoop: any EventLoop { raw.eventLoop }
    var isClosed: Bool { raw.isClosed }
    var closeFuture: EventLoopFuture<Void> { raw.closeFuture }

    /// Runs a query; fails when the connection closes or the server does not answer in time.
    func query(_ query: PostgresQuery, logger: Logger) -> EventLoopFuture<PostgresQueryResult> {
        let promise = raw.eventLoop.makePromise(of: PostgresQueryResult.self)
        let id = pending.withLock { pending -> UInt64? in
            guard !pending.isClosed else { return nil }
            pending.nextID += 1
            pending.promises[pending.nextID] = promise
            return pending.nextID
        }
        guard let id else {
            promise.fail(Self.lost)
            return promise.futureResult
        }
        raw.query(query, logger: logger).whenComplete { [weak self] result in
            self?.take(id)?.completeWith(result)
        }
        let deadline = raw.eventLoop.scheduleTask(in: timeout) { [weak self] in
            guard let self, let promise = take(id) else { return }
            promise.fail(StoreFailure(kind: .unreachable, reason: "the server did not answer within \(timeout)"))
            raw.close().whenComplete { _ in }
        }
        promise.futureResult.whenComplete { _ in deadline.cancel() }
        return promise.futureResult
    }

    /// Closes the connection.
    func close() {
        raw.close().whenComplete { _ in }
    }

    private static let lost = StoreFailure(kind: .unreachable, reason: "the connection to the server was lost")

    private func take(_ id: UInt64) -> EventLoopPromise<PostgresQueryResult>? {
        pending.withLock { $0.promises.removeValue(forKey: id) }
    }

    private func closed() {
        let promises = pending.withLock { pending in
            pending.isClosed = true
            defer { pending.promises = [:] }
            return Array(pending.promises.values)
        }
        for promise in promises { promise.fail(Self.lost) }
    }
}
