internal import Foundation

/// Prefs' calls into Foundation's preferences (`UserDefaults`), one thread of the process at a time on Linux.
///
/// Linux's Foundation guards its preferences with a spin lock whose waiters call `sleep(0)` in a loop. With many
/// stores checking for outside changes at once (a thread each) on busy cores, the waiters took the CPU the holder
/// needed: a thread dump of the test process under `stress-ng` found 22 threads spinning there while observers and
/// deadlines everywhere else in the process stalled. A waiter here sleeps in the kernel instead, and Foundation runs
/// the calls one at a time anyway. Recursive, should a call ever come back in on its thread. Apple platforms need
/// none of this.
enum FoundationPreferences {
    #if canImport(Darwin)
    /// Runs `body`.
    @inline(__always)
    static func access<Result>(_ body: () throws -> Result) rethrows -> Result { try body() }
    #else
    private static let lock = NSRecursiveLock()

    /// Runs `body`, a call into `UserDefaults`, while no other Prefs thread of the process makes one.
    static func access<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
    #endif
}
