import Dispatch
import Foundation
package import Testing

/// Keeps every thread of Dispatch's global pool busy until ``release()``: what an application does that blocks a few
/// of those threads. On Linux the pool grows by about one thread a second while its threads block, and Swift
/// concurrency's jobs share it, so work queued there behind the blockers waits for seconds.
package final class BusyGlobalPool: Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let blockers: Int

    /// Queues `blockers` blocking items on `DispatchQueue.global()`: more than the pool grows to in a test's
    /// deadline.
    package init(blockers: Int = 64) {
        self.blockers = blockers
        for _ in 0..<blockers {
            DispatchQueue.global().async { [released] in
                released.wait()
                released.signal()
            }
        }
    }

    /// Lets every blocker go.
    package func release() { released.signal() }

    deinit { released.signal() }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test that holds Dispatch's global pool only outside a sanitizer's run (`scripts/sanitizers.sh` sets
    /// `PREFS_SANITIZER`). While it waits, no other suite's task can run (Swift concurrency's jobs share that pool on
    /// Linux); sanitized code waits several times longer, long enough that other suites' deadlines passed while
    /// frozen. It checks scheduling, not memory or threads' races, which is what the sanitizer run is for.
    package static var holdsTheGlobalPool: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["PREFS_SANITIZER"] == nil,
            "holds the global pool, which a sanitizer's slower run would hold for too long")
    }
}
