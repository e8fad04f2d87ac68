import Dispatch
import Foundation

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
