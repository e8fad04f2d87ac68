internal import Foundation

/// A value protected by a lock, with the shape of `Synchronization.Mutex`.
///
/// `Mutex` needs macOS 15 / iOS 18, one release above Prefs' floor, so every platform uses this:
/// an `NSLock` (a `pthread_mutex` on Linux) beside the state. It is as fast as `Mutex` here, and
/// ThreadSanitizer understands it.
package final class Lock<State>: @unchecked Sendable {
    private let lock = NSLock()
    @exclusivity(unchecked) private var state: State  // every access is under `lock`

    package init(_ initialState: State) { state = initialState }

    /// Runs `body` with exclusive access to the state.
    ///
    /// - Parameter body: Reads or changes the state.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
