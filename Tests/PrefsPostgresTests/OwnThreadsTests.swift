import Foundation
import PrefsTestSupport
import Testing

/// The tests of a suite marked `.ownThreads` run on the test support's threads, off the cooperative pool: the
/// synchronous ones, and the async ones and their child tasks before and after they suspend.
@Suite(.ownThreads)
struct OwnThreadsTests {
    @Test func aSynchronousTestRunsOnATestThread() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(TestThreads.shared.runsTheCurrentThread)
    }

    @Test func anAsyncTestAndItsChildTasksStayOnTestThreadsAcrossASuspension() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(TestThreads.shared.runsTheCurrentThread)
        try await Task.sleep(for: .milliseconds(1))
        #expect(TestThreads.shared.runsTheCurrentThread)
        let child = await withTaskGroup(of: Bool.self) { group in
            group.addTask { TestThreads.shared.runsTheCurrentThread }
            return await group.next()!
        }
        #expect(child)
    }
}
