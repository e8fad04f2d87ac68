#if canImport(Darwin)
internal import Darwin
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// A value protected by a lock, with the shape of `Synchronization.Mutex`.
///
/// `Mutex` needs macOS 15 / iOS 18, one release above Prefs' floor, so every platform uses this: a `pthread_mutex`
/// beside the state. It is what `NSLock` wraps, without the wrapper's cost (about 40 instructions a lock and unlock on
/// Linux), and ThreadSanitizer understands it.
@usableFromInline
package final class Lock<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @exclusivity(unchecked) @usableFromInline var state: State  // every access is under `mutex`

    package init(_ initialState: State) {
        state = initialState
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "Prefs: pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock (for ``withLock(_:)``, which inlines into callers outside the module).
    @usableFromInline func acquire() { pthread_mutex_lock(mutex) }

    /// Releases the lock.
    @usableFromInline func release() { pthread_mutex_unlock(mutex) }

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
