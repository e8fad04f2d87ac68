import Foundation
import PrefsTestSupport
import Testing

@testable import PrefsConsole

/// The console's store calls run on NIO's blocking pool: one still runs while Dispatch's global pool, which on Linux
/// also runs Swift concurrency's jobs, is held by blocked work.
@Suite(.holdsTheGlobalPool, .ownThreads)
struct OffloadedTests {
    @Test func aStoreCallRunsWhileTheGlobalPoolIsBusy() async throws {
        let pool = BusyGlobalPool()
        defer { pool.release() }
        let start = Date()
        let answer = try await offloaded { 42 }
        #expect(answer == 42)
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 5 * deadlineScale, "the call waited \(seconds) s for the busy pool")
    }
}
