internal import NIOPosix

/// Runs a blocking call (a store read or write) on a thread of NIO's blocking pool, and waits for it without blocking.
///
/// Not on `DispatchQueue.global()`: on Linux Swift concurrency's jobs run on that same pool, so a call blocking there
/// blocks one of its few threads, and a call queued there waits behind whatever else blocks them (`OffloadedTests`).
func offloaded<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await NIOThreadPool.singleton.runIfActive(body)
}
