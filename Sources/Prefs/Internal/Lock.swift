internal import Foundation

/// A value protected by a lock, with the shape of `Synchronization.Mutex`.
///
/// `Mutex` needs macOS 15 / iOS 18, one release above Prefs' floor, so every platform uses this:
/// an `NSLock` (a `pthread_mutex` on Linux) beside the state. It is as fast as `Mutex` here, and
/// ThreadSanitizer understands it.
@usableFromInline
package final class Lock<State>: @unchecked Sendable {
    private let lock = NSLock()
    @exclusivity(unchecked) @usableFromInline var state: State  // every access is under `lock`

    package init(_ initialState: State) { state = initialState }

    /// Takes the lock (for ``withLock(_:)``, which inlines into callers outside the module).
    @usableFromInline func acquire() { lock.lock() }

    /// Releases the lock.
    @usableFromInline func release() { lock.unlock() }

    /// Runs `body` with exclusive access to the state.
    ///
    /// - Parameter body: Reads or changes the state.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inlinable @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        acquire()
        defer { release() }
        return try body(&state)
    }
}
