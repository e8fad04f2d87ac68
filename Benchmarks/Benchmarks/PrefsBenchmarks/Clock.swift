#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds; cheap enough (a vDSO call) to read around a single operation.
@inline(__always)
func monotonicNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// Busy-waits for a number of nanoseconds, without giving up the thread.
func spin(nanoseconds: Int) {
    let end = monotonicNanoseconds() + nanoseconds
    while monotonicNanoseconds() < end {}
}

/// Busy-waits until `condition` holds, for at most a second (an observer that never runs must not hang
/// the benchmark); returns whether it held.
@discardableResult
func spin(until condition: () -> Bool) -> Bool {
    let end = monotonicNanoseconds() + 1_000_000_000
    while !condition() {
        if monotonicNanoseconds() > end { return false }
    }
    return true
}
