import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// A change reaches the observers of other instances while the application keeps Dispatch's global pool busy: the
/// store hands its reports over on a thread of its own, not on that pool.
@Suite(.requiresPostgreSQL, .holdsTheGlobalPool, .ownThreads, .serialized, .timeLimit(.minutes(scaledMinutes(2))))
struct BusyPoolTests {
    @Test func aChangeReachesAnotherInstanceWhileTheGlobalPoolIsBusy() throws {
        let fleet = try Fleet()
        let (writer, _) = try fleet.instance()
        let (reader, _) = try fleet.instance()
        let seen = Collected<Int>()
        let token = reader.observe(\.[int: "busy"]) { seen.append($0.newValue) }
        writer[\.[int: "busy"]] = 1
        #expect(eventually("the first change arrives") { seen.all == [1] })

        let pool = BusyGlobalPool()
        defer { pool.release() }
        writer[\.[int: "busy"]] = 2
        try writer.flush()
        #expect(eventually(within: 5, "the change arrives with the pool busy") { seen.all == [1, 2] })
        #expect(reader[\.[int: "busy"]] == 2)
        withExtendedLifetime(token) {}
    }
}
