import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

@Suite struct AllKeysObservationTests {
    @Test func namesOfChangedKeysArriveOnceEachAndEqualWritesStayQuiet() async throws {
        let (prefs, store) = makePreferences(["count": 1], keyPrefix: "")
        let names = Collected<String>()
        let consumer = Task { for await name in prefs.changedKeys() { names.append(name) } }
        try await Task.sleep(for: .milliseconds(10))  // let the consumer subscribe
        prefs[\.count] = 1  // unchanged
        prefs[\.count] = 2
        prefs[\.theme] = .dark
        store.simulateOutsideChange(["never_read": 5])
        await eventually { names.count == 3 }
        #expect(Set(names.all) == ["count", "theme", "never_read"])
        consumer.cancel()
    }

    @Test func aConsumerThatWritesDoesNotLoop() async throws {
        let (prefs, _) = makePreferences()
        let names = Collected<String>()
        let consumer = Task {
            for await name in prefs.changedKeys() {
                names.append(name)
                prefs[\.otherCount] = 1  // changes once, then is an equal write
            }
        }
        try await Task.sleep(for: .milliseconds(10))
        prefs[\.count] = 5
        await eventually { names.count == 2 }
        try await Task.sleep(for: .milliseconds(50))
        #expect(names.all.sorted() == ["count", "other_count"])
        consumer.cancel()
    }
}
