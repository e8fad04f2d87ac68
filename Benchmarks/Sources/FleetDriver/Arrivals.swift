import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Monotonic time in nanoseconds, the same clock in every process of the machine (CLOCK_MONOTONIC).
func monotonicNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// The CPU time this process has used, user and system, in nanoseconds.
func processCPUNanoseconds() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    let user = usage.ru_utime.tv_sec * 1_000_000_000 + Int(usage.ru_utime.tv_usec) * 1_000
    let system = usage.ru_stime.tv_sec * 1_000_000_000 + Int(usage.ru_stime.tv_usec) * 1_000
    return user + system
}

/// Writes a line to standard output at once, for the benchmark that reads along.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// When each of this process's listeners first had each value; reports a value once every listener has it.
final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private let listeners: Int
    private var seen: [Int: (count: Int, first: Int, last: Int)] = [:]

    init(listeners: Int) { self.listeners = listeners }

    /// Records that one listener has `value` now; prints `seen VALUE FIRST LAST` when it is the last one.
    func record(_ value: Int) {
        let now = monotonicNanoseconds()
        let complete = lock.withLock { () -> (Int, Int)? in
            var entry = seen[value] ?? (0, now, now)
            entry.count += 1
            entry.first = min(entry.first, now)
            entry.last = max(entry.last, now)
            seen[value] = entry
            return entry.count == listeners ? (entry.first, entry.last) : nil
        }
        if let (first, last) = complete { say("seen \(value) \(first) \(last)") }
    }
}
