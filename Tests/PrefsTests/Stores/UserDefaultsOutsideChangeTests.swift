import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Changes made behind the store's back reach the observers of the keys that changed, on every
/// platform: on Linux, where Foundation posts nothing, by polling (this process) and by watching
/// the property list (other processes).
@Suite struct UserDefaultsOutsideChangeTests {
    private func makePreferences(
        _ suite: borrowing TemporarySuite, pollingInterval: Duration? = .milliseconds(20)
    ) -> Preferences {
        Preferences(store: UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: pollingInterval)!)
    }

    @Test func aDirectSetInThisProcessReachesValuesObservers() async throws {
        let suite = try TemporarySuite()
        let prefs = makePreferences(suite)
        let stream = prefs.values(\.count)
        suite.defaults.set(5, forKey: "count")  // no synchronize, no notification
        #expect(await first(2, of: stream) == [0, 5])
    }

    @Test func aDirectRemovalReachesObservers() throws {
        let suite = try TemporarySuite()
        suite.defaults.set("dark", forKey: "theme")
        let prefs = makePreferences(suite)
        let seen = Collected<Theme>()
        let token = prefs.observe(\.theme) { seen.append($0.newValue) }
        #expect(prefs[\.theme] == .dark)
        suite.defaults.removeObject(forKey: "theme")
        eventually { seen.all == [.system] }
        token.cancel()
    }

    @Test func anotherProcessesWriteReachesObserversWithoutPolling() throws {
        let suite = try TemporarySuite()
        let prefs = makePreferences(suite, pollingInterval: nil)
        let seen = Collected<Int>()
        let token = prefs.observe(\.count) { seen.append($0.newValue) }
        let (status, _) = try ChildProcess.run(["ud-plain-set", suite.name, "count", "7"])
        #expect(status == 0)
        eventually { seen.all == [7] }
        #expect(prefs[\.count] == 7)
        token.cancel()
    }

    @Test func withoutPollingADirectSetIsSeenAtTheStoresNextWrite() throws {
        let suite = try TemporarySuite()
        let prefs = makePreferences(suite, pollingInterval: nil)
        #expect(prefs[\.count] == 0)
        suite.defaults.set(3, forKey: "count")
        prefs[\.flag] = true
        try prefs.flush()
        eventually { prefs[\.count] == 3 }
    }

    @Test func otherKeysNeverWakeAnObserver() throws {
        let suite = try TemporarySuite()
        let prefs = makePreferences(suite)
        let seen = Collected<Int>()
        let token = prefs.observe(\.count) { seen.append($0.newValue) }
        _ = prefs[\.otherCount]
        let defaults = suite.defaults
        defaults.set(9, forKey: "other_count")
        eventually { prefs[\.otherCount] == 9 }
        defaults.set(0, forKey: "count")  // the value it already had: no change
        defaults.set(4, forKey: "count")
        eventually { seen.count == 1 }
        try prefs.flush()
        #expect(seen.all == [4])
        token.cancel()
    }

    /// Processes that update the same suite through Prefs never lose an increment: they share a
    /// lock beside the property list and re-read it inside it.
    @Test func concurrentProcessesNeverLoseAnIncrement() throws {
        let suite = try TemporarySuite()
        let children = try (0..<2).map { _ in try ChildProcess(["ud-increment", suite.name, "100"]) }
        for child in children {
            child.waitForLine { $0 == "done" }
            #expect(child.wait() == 0)
        }
        let prefs = makePreferences(suite, pollingInterval: nil)
        #expect(prefs[\.[counter: "counter"]] == 200)
    }

    @Test func sharedContainersAreOnePerSuite() throws {
        let suite = try TemporarySuite()
        let first = Preferences.shared(for: suite.defaults)
        #expect(Preferences.shared(for: suite.defaults) === first)
        #expect(Preferences.shared(for: .standard) === Preferences.shared(for: .standard))
        #expect(Preferences.shared(for: .standard) !== first)
    }
}

extension PreferenceKeys {
    subscript(counter name: String) -> Key<Int> { Key(name, default: 0) }
}
