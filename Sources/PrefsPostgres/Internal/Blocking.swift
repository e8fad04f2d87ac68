internal import Dispatch
internal import PostgresNIO
internal import Prefs

/// The synchronous side of the store's sync/async bridge.
///
/// `PreferenceStore` is synchronous: containers write to a store on its serial queue, a Dispatch thread
/// that may block, and call `transaction(_:)` on the thread of their own caller. The store does all its database work as postgres-nio futures on
/// ``StoreEventLoop/group``, an event loop thread of its own that nothing else runs on, and a blocking
/// call (`flush()`, `transaction(_:)`, the start) waits for such a future on the calling thread with
/// a semaphore and a deadline.
///
/// - No Swift concurrency is involved: no task, no cooperative thread is waited for, so a caller
///   that blocks a cooperative thread (a synchronous call from `async` code) cannot starve the work
///   it waits for, and no cooperative thread is ever blocked by the store's own machinery.
/// - No event loop is blocked: the work runs on the store's own loop, whose callbacks never block,
///   and a blocking call made on that loop throws instead of deadlocking.
/// - Every wait has a deadline, so a server that stops answering turns into an error, not a hang.
enum StoreEventLoop {
    /// One thread for every PostgreSQL store of the process: the stores' work is I/O, and a loop of
    /// their own keeps it off the loops of servers (Vapor, Hummingbird) whose handlers may call a store.
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    /// The delivery of the reports of every store on the loop.
    static let delivery = ReportDelivery(loop: group.next())
}

extension EventLoopFuture where Value: Sendable {
    /// Blocks the calling thread until the future completes or `timeout` passes.
    ///
    /// - Parameters:
    ///   - timeout: The longest wait.
    ///   - doing: What is waited for, for the timeout's message.
    /// - Returns: The future's value.
    /// - Throws: The future's error, a ``StoreFailure`` when the time is up, or when called on the
    ///   future's own event loop (where waiting would deadlock).
    func waitOffLoop(timeout: Duration, _ doing: @autoclosure () -> String) throws -> Value {
        guard !eventLoop.inEventLoop else {
            throw StoreFailure(
                kind: .calledOnEventLoop,
                reason: "\(doing()) would block the store's own event loop; call the store from another thread")
        }
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Lock<Result<Value, any Error>?>(nil)
        whenComplete { result in
            outcome.withLock { $0 = result }
            semaphore.signal()
        }
        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        guard semaphore.wait(timeout: deadline) == .success else {
            throw StoreFailure(kind: .unreachable, reason: "\(doing()) did not finish within \(timeout)")
        }
        return try outcome.withLock { $0! }.get()
    }
}
