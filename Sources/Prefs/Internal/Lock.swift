#if canImport(os)
import os
#else
import Synchronization
#endif

/// A value protected by a lock, with the shape of `Synchronization.Mutex`.
///
/// `Mutex` needs macOS 15 / iOS 18, one release above Prefs' floor; on Apple platforms this wraps
/// `OSAllocatedUnfairLock`, elsewhere it is `Mutex` itself.
struct Lock<State: Sendable>: ~Copyable, Sendable {
    #if canImport(os)
    private let lock: OSAllocatedUnfairLock<State>
    init(_ initialState: State) { lock = OSAllocatedUnfairLock(uncheckedState: initialState) }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    borrowing func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLockUnchecked(body)
    }
    #else
    private let mutex: Mutex<State>
    init(_ initialState: State) { mutex = Mutex(initialState) }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    borrowing func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try mutex.withLock { (state: inout sending State) throws(Failure) -> sending Result in
            try body(&state)
        }
    }
    #endif
}
