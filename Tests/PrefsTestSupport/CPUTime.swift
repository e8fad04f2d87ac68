#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time the calling thread has used: what a test that bounds the work of an algorithm (linear, not
/// quadratic; refused at once, not after a deep descent) measures instead of the wall clock, which also counts the
/// time the thread waits for a core on a busy machine.
package func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// Runs `body` and returns the processor time the calling thread spent in it (see ``threadCPUTime()``).
package func measureCPUTime(_ body: () throws -> Void) rethrows -> Duration {
    let start = threadCPUTime()
    try body()
    return threadCPUTime() - start
}
