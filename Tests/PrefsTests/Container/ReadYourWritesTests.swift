import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Once a write returns, every container of the same store object reads it: a module's container over a shared
/// store, `Preferences.standard` beside the app's, a container made right after the write.
@Suite struct ReadYourWritesTests {
    @Test func aContainerMadeRightAfterAWriteReadsIt() throws {
        let store = InMemoryPreferenceStore()
        let writer = Preferences(store: store, keyPrefix: "a.")
        for round in 1...2_000 {
            writer[\.count] = round
            #expect(Preferences(store: store, keyPrefix: "a.")[\.count] == round)
        }
    }

    /// A file store writes slowly (an atomic replace per batch): the window in which the store lags the caller is
    /// wide, and a new container must still read the write.
    @Test func aContainerMadeRightAfterAWriteToAFileReadsIt() throws {
        let folder = try TemporaryDirectory()
        let store = try FilePreferenceStore(url: folder.file(), watchesForChanges: false)
        let writer = Preferences(store: store)
        for round in 1...200 {
            writer[\.count] = round
            writer[\.name] = "round \(round)"
            let reader = Preferences(store: store)
            #expect(reader[\.count] == round && reader[\.name] == "round \(round)")
        }
        try writer.flush()
    }

    @Test func aContainerThatCachedTheKeySeesAnotherContainersWriteAtOnce() throws {
        let folder = try TemporaryDirectory()
        let store = try FilePreferenceStore(url: folder.file(), watchesForChanges: false)
        let first = Preferences(store: store)
        let second = Preferences(store: store)
        let heard = Collected<Int>()
        let token = second.observe(\.count) { heard.append($0.newValue) }
        #expect(second[\.count] == 0)
        for round in 1...200 {
            first[\.count] = round
            #expect(second[\.count] == round)
        }
        #expect(heard.all == Array(1...200), "the other container's observers hear each write, in order, at once")
        withExtendedLifetime(token) {}
    }

    @Test func writesFromManyThreadsThroughTwoContainersEndTheSameInBothAndInTheStore() throws {
        let store = TestPreferenceStore()
        let first = Preferences(store: store)
        let second = Preferences(store: store)
        _ = (first[\.count], second[\.count])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let prefs = thread.isMultiple(of: 2) ? first : second
            for round in 0..<200 { prefs[\.count] = thread * 1_000 + round }
        }
        try first.flush()
        let stored = store.contents["count"]
        #expect(first[\.count] == second[\.count])
        #expect(stored == .integer(Int64(first[\.count])))
    }
}
