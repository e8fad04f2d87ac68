import Foundation
package import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs each test of a suite on threads of the test support's own, not on Swift concurrency's cooperative pool.
///
/// Swift Testing runs tests as tasks on the cooperative pool, one thread per core (two here), and a synchronous test
/// that blocks (a child process, a database round trip, a flush) holds its thread. On a machine whose cores are busy
/// such tests last minutes, and a test that started meanwhile waits for a thread while its time limit runs: every
/// test of a suite once ran out of its limit at the same moment without having run. Under this trait a test's code
/// runs on a thread of ``TestThreads``, which has a thread for every job that needs one, so it never waits for
/// another test to let go of a thread.
///
/// Not every suite carries it: the pool's two threads also pace the suites that stay on it. With every suite on
/// threads of its own, the CPU-bound suites (generated values, compiler checks) and the PostgreSQL suites started
/// at once, and PostgreSQL sessions could not finish starting within 10 s on this 2-core machine.
package struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    package var isRecursive: Bool { true }
    /// Whether the tests share ``TestThreads/paced`` (at most two threads) instead of ``TestThreads/shared``.
    var isPaced = false

    package func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(isPaced ? TestThreads.paced : TestThreads.shared) {
                try await function()
            }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Runs the suite's tests on threads of their own (see ``OwnThreadsTrait``).
    package static var ownThreads: Self { Self() }

    /// Runs the suite's tests on threads of their own, at most two at a time (see ``TestThreads/paced``).
    package static var pacedThreads: Self { Self(isPaced: true) }
}

/// A task executor that runs each job on an idle thread of its own, and starts a thread when none is idle: a job that
/// blocks never delays another. Threads are kept for the next jobs.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
package final class TestThreads: TaskExecutor, @unchecked Sendable {
    /// The executor of ``OwnThreadsTrait``.
    package static let shared = TestThreads()

    /// Two threads for the PostgreSQL suites whose tests block for long: they run two at a time, as the cooperative
    /// pool once ran them, without holding the pool, where Swift Testing also ends tests and keeps their time limits.
    /// (With a thread each, they started so many sessions at once that sessions could not start in time.)
    package static let paced = TestThreads(width: 2)

    /// The most threads the executor starts.
    private let width: Int
    /// Threads started (guarded by `condition`).
    private var started = 0

    /// An executor of at most `width` threads.
    init(width: Int = .max) {
        self.width = width
    }

    private let condition = NSCondition()
    /// The executor's threads (guarded by `condition`).
    private var threads: Set<pthread_t> = []
    /// Jobs no thread has taken yet, and how many threads wait for one (guarded by `condition`).
    private var jobs: [UnownedJob] = []
    private var idle = 0

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let startsThread = condition.withLock {
            jobs.append(job)
            if idle > jobs.count - 1 {
                condition.signal()
                return false
            }
            guard started < width else { return false }  // a busy thread takes it when it is done
            started += 1
            return true
        }
        if startsThread { Thread { [self] in work() }.start() }
    }

    /// Whether the caller runs on one of the executor's threads.
    package var runsTheCurrentThread: Bool { condition.withLock { threads.contains(pthread_self()) } }

    private func work() {
        condition.withLock { _ = threads.insert(pthread_self()) }
        while true {
            let job = condition.withLock {
                idle += 1
                while jobs.isEmpty { condition.wait() }
                idle -= 1
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
