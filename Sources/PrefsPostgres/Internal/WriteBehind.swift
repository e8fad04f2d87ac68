internal import Logging
internal import PostgresNIO
internal import Prefs

/// Commits queued writes behind the callers: one batch at a time, each one statement in a transaction of its
/// own (one round trip) that takes the namespace's lock first; writes queued meanwhile form the next batch. A batch that
/// fails goes back into the queue and is retried with backoff, for as long as it takes: a queued
/// write is never dropped. `flush()` waits for the writes queued before it, up to its deadline.
final class WriteBehind: Sendable {
    private struct Waiter {
        let id: UInt64
        let sequence: UInt64
        let promise: EventLoopPromise<Void>
    }

    private struct State {
        var isScheduled = false
        var isRetryPending = false
        var failures = 0
        var lastFailure: StoreFailure?
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
    }

    private let core: StoreCore
    private let session: Session
    private let state = Lock(State())

    init(core: StoreCore, session: Session) {
        self.core = core
        self.session = session
    }

    /// Enqueues a commit of the queued writes unless one is enqueued already or a retry is waiting.
    func schedule() {
        let start = state.withLock { state -> Bool in
            guard !state.isScheduled, !state.isRetryPending else { return false }
            state.isScheduled = true
            return true
        }
        guard start else { return }
        _ = session.enqueue { [self] result -> EventLoopFuture<Void> in
            state.withLock { $0.isScheduled = false }
            switch result {
            case .success(let connection): return commitQueued(on: connection).recover { _ in }
            case .failure(let error):
                failed(StoreFailure(error))
                return core.loop.makeSucceededVoidFuture()
            }
        }
    }

    /// Commits the queued writes on `connection` (an operation of the session): a batch for each run of one reason,
    /// one after the other, through the last write made before the call.
    func commitQueued(on connection: GuardedConnection) -> EventLoopFuture<Void> {
        let through = core.mirror.withLock { $0.lastWrite }
        return commitRuns(through: through, on: connection)
    }

    private func commitRuns(through sequence: UInt64, on connection: GuardedConnection) -> EventLoopFuture<Void> {
        commitOldestRun(through: sequence, on: connection).flatMap { [self] committed in
            committed ? commitRuns(through: sequence, on: connection) : core.loop.makeSucceededVoidFuture()
        }
    }

    /// Commits the oldest run of queued writes, when it holds a write made up to `sequence`; returns whether it
    /// committed one. A run that fails goes back into the queue.
    private func commitOldestRun(through sequence: UInt64, on connection: GuardedConnection) -> EventLoopFuture<Bool> {
        let core = self.core
        let batch = core.mirror.withLock { mirror -> PendingWrites.Run? in
            mirror.isCommitted(through: sequence) ? nil : mirror.takeBatch()
        }
        guard let batch else {
            resolveWaiters()
            updateQueuedWrites()
            return core.loop.makeSucceededFuture(false)
        }
        return connection.query(
            Statements.writeBatch(batch.changes, reason: batch.reason, in: core.namespace), logger: core.logger
        )
        .flatMapThrowing { try Statements.versions(from: $0) }
        .map { [self] versions in
            core.changeMirror { $0.batchCommitted(versions: versions) }
            core.metrics.committed(keys: batch.changes.count, acceptedAt: batch.acceptedAt)
            let recovered = state.withLock { state in
                defer { (state.failures, state.lastFailure) = (0, nil) }
                return state.failures > 0
            }
            if recovered {
                core.logger.notice("Prefs: PostgreSQL accepts writes again; the queued writes are committed")
            }
            updateQueuedWrites()  // before the flushes waiting for this batch return: they read it afterwards
            resolveWaiters()
            return true
        }.flatMapError { [self] error in
            core.mirror.withLock { $0.batchFailed() }
            let failure = StoreFailure(error)
            failed(failure)
            return core.loop.makeFailedFuture(failure)
        }
    }

    /// Records how many keys wait to be committed.
    private func updateQueuedWrites() {
        core.metrics.queued(core.mirror.withLock { $0.uncommittedCount })
    }

    /// Blocks until every write queued before the call is committed.
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `notCommitted` after the flush timeout,
    ///   naming the waiting keys and the last reason; the writes stay queued.
    func flush() throws {
        guard let (id, committed) = waitForQueuedWrites() else { return }
        do {
            try committed.waitOffLoop(timeout: core.configuration.flushTimeout, "flush")
        } catch let failure as StoreFailure where failure.kind == .calledOnEventLoop || failure.kind == .closed {
            abandonWaiter(id, failure)
            throw failure.error("could not flush")
        } catch {
            let failure = StoreFailure(kind: .notCommitted, reason: notCommittedReason())
            abandonWaiter(id, failure)
            throw failure.error("could not flush")
        }
    }

    /// Returns once every write queued before the call is committed, without blocking a thread.
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `notCommitted` after the flush timeout, as ``flush()``.
    func flushWithoutBlocking() async throws {
        guard let (id, committed) = waitForQueuedWrites() else { return }
        let deadline = core.loop.scheduleTask(in: core.configuration.flushTimeout.timeAmount) { [self] in
            abandonWaiter(id, StoreFailure(kind: .notCommitted, reason: notCommittedReason()))
        }
        defer { deadline.cancel() }
        do {
            try await committed.get()
        } catch {
            throw StoreFailure(error).error("could not flush")
        }
    }

    /// Registers a waiter for the writes queued so far and starts their commit; nil when they are committed.
    private func waitForQueuedWrites() -> (id: UInt64, committed: EventLoopFuture<Void>)? {
        let sequence = core.mirror.withLock { $0.lastWrite }
        guard !core.mirror.withLock({ $0.isCommitted(through: sequence) }) else { return nil }
        let promise = core.loop.makePromise(of: Void.self)
        let id = state.withLock { state in
            state.nextWaiterID += 1
            state.waiters.append(Waiter(id: state.nextWaiterID, sequence: sequence, promise: promise))
            return state.nextWaiterID
        }
        schedule()
        resolveWaiters()
        return (id, promise.futureResult)
    }

    /// Fails every waiting flush (the store is closing).
    func failWaiters() {
        let waiters = state.withLock { state in
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.promise.fail(StoreFailure(kind: .closed, reason: "the store was closed")) }
    }

    private func notCommittedReason() -> String {
        let (count, keys) = core.mirror.withLock { ($0.uncommittedCount, $0.uncommittedKeys.prefix(5)) }
        let last = state.withLock { $0.lastFailure }
        let list = keys.map { "'\($0)'" }.joined(separator: ", ") + (count > keys.count ? ", …" : "")
        let why =
            last.map { "the database is unreachable or refuses them (\($0))" } ?? "the database did not answer in time"
        return "\(count) queued write(s) (\(list)) were not committed within \(core.configuration.flushTimeout): "
            + "\(why); they stay queued and are retried"
    }

    private func abandonWaiter(_ id: UInt64, _ failure: StoreFailure) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.promise.fail(failure)
    }

    private func resolveWaiters() {
        let ready = state.withLock { state -> [Waiter] in
            let mirror = core.mirror.withLock { $0 }
            let ready = state.waiters.filter { mirror.isCommitted(through: $0.sequence) }
            state.waiters.removeAll { mirror.isCommitted(through: $0.sequence) }
            return ready
        }
        for waiter in ready { waiter.promise.succeed(()) }
    }

    /// Records a failed commit and schedules the retry.
    private func failed(_ failure: StoreFailure) {
        guard !core.isClosed else { return }
        let (failures, delay, schedulesRetry) = state.withLock { state in
            state.failures += 1
            state.lastFailure = failure
            defer { state.isRetryPending = true }
            return (state.failures, core.backoff.delay(afterFailures: state.failures), !state.isRetryPending)
        }
        if failures == 1 {
            let count = core.mirror.withLock { $0.uncommittedCount }
            core.logger.warning(
                "Prefs: could not commit \(count) queued write(s) to PostgreSQL (\(failure)); retrying with backoff")
        }
        guard schedulesRetry else { return }
        core.loop.scheduleTask(in: delay) { [weak self] in
            guard let self else { return }
            state.withLock { $0.isRetryPending = false }
            if core.mirror.withLock({ $0.uncommittedCount }) > 0 { schedule() }
        }
    }
}
