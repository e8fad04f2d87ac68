internal import Dispatch

/// Runs a blocking call (a store read or write) on a thread of Dispatch's pool instead of one of Swift
/// concurrency's few cooperative threads, and waits for it without blocking.
func offloaded<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Swift.Result { try body() }) }
    }
}
