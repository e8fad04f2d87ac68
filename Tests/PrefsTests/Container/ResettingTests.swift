import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Several keys, or all of them, reset at once: one write per store, each changed key's observers told once.
@Suite struct ResettingTests {
    @Test func severalKeysAreResetInOneWriteAndEachObserverHearsOnce() throws {
        let store = TestPreferenceStore(["theme": "dark", "count": 3, "name": "bob", "flag": true])
        let prefs = Preferences(store: store)
        let heard = Collected<String>()
        let tokens = [
            prefs.observe(\.theme) { heard.append("theme \($0.newValue)") },
            prefs.observe(\.count) { heard.append("count \($0.newValue)") },
            prefs.observe(\.name) { heard.append("name \($0.newValue)") },
            prefs.observe(\.flag) { heard.append("flag \($0.newValue)") },
        ]
        let writesBefore = store.writes.count
        prefs.reset(\.theme, \.count, \.name)
        #expect(store.writes.count == writesBefore + 1)
        let removal: PreferenceStoreWrites = ["theme": .none, "count": .none, "name": .none]
        #expect(store.writes.last == removal)
        #expect(store.contents == ["flag": true])
        #expect(prefs[\.theme] == .system && prefs[\.count] == 0 && prefs[\.name] == "anonymous" && prefs[\.flag])
        #expect(heard.all.sorted() == ["count 0", "name anonymous", "theme system"])
        withExtendedLifetime(tokens) {}
    }

    @Test func keysOfSeveralStoresAreResetTogether() throws {
        let first = TestPreferenceStore(["count": 1])
        let second = TestPreferenceStore(["token": "abc"])
        let prefs = Preferences(stores: [.default: first, .second: second])
        prefs.reset(\.count, \.secondStoreToken)
        #expect(first.contents.isEmpty && second.contents.isEmpty)
        #expect(prefs[\.count] == 0 && prefs[\.secondStoreToken] == "")
    }

    @Test func aStoreThatRefusesTheTransactionStillGetsTheResetsBehindTheCaller() throws {
        let store = TestPreferenceStore(["theme": "dark", "count": 3])
        let prefs = Preferences(store: store)
        store.failWrites(with: TestPreferenceStore.Failure("disk full"))
        prefs.reset(\.theme, \.count)
        #expect(throws: PreferenceWriteError.self) { try prefs.flush() }
        #expect(prefs[\.theme] == .dark, "a refused reset keeps what the store holds")
        store.failWrites(with: nil)
        prefs.reset(\.theme, \.count)
        try prefs.flush()
        #expect(store.contents.isEmpty)
    }

    @Test func resetAllRemovesEveryKeyUnderThePrefixAndNothingElse() throws {
        let store = TestPreferenceStore([
            "app.theme": "dark", "app.count": 3, "app.undeclared": "x", "other.theme": "light", "unprefixed": 1,
        ])
        let prefs = Preferences(store: store, keyPrefix: "app.")
        try prefs.migrate([PreferenceMigration("first") { _ in }])
        let heard = Collected<Theme>()
        let token = prefs.observe(\.theme) { heard.append($0.newValue) }
        try prefs.resetAll()
        #expect(
            Set(store.contents.keys) == ["other.theme", "unprefixed", "app." + Preferences.migrationRecordName])
        #expect(prefs[\.theme] == .system && prefs[\.count] == 0)
        #expect(heard.all == [.system])
        #expect(try prefs.migrate([PreferenceMigration("first") { _ in }]).isEmpty, "migrations stay recorded")
        withExtendedLifetime(token) {}
    }

    @Test func resetAllClearsOnlyTheStoresNamed() throws {
        let first = TestPreferenceStore(["count": 1])
        let second = TestPreferenceStore(["token": "abc"])
        let prefs = Preferences(stores: [.default: first, .second: second])
        try prefs.resetAll(in: [.second])
        #expect(first.contents == ["count": 1] && second.contents.isEmpty)
        try prefs.resetAll()
        #expect(first.contents.isEmpty)
    }

    @Test func aRefusedResetAllThrowsAndRemovesNothing() throws {
        let store = TestPreferenceStore(["count": 1, "name": "bob"])
        let prefs = Preferences(store: store)
        store.failWrites(with: TestPreferenceStore.Failure("disk full"))
        #expect(throws: TestPreferenceStore.Failure.self) { try prefs.resetAll() }
        #expect(store.contents == ["count": 1, "name": "bob"])
        #expect(prefs[\.count] == 1)
    }

    @Test func resetAllOfAFileHappensUnderItsLockAcrossContainers() throws {
        let folder = try TemporaryDirectory()
        let writer = Preferences(store: try FilePreferenceStore(url: folder.file()))
        writer[\.count] = 5
        writer[\.name] = "bob"
        try writer.flush()
        let other = Preferences(store: try FilePreferenceStore(url: folder.file()))
        try other.resetAll()
        #expect(try folder.contents().filter { !$0.isWhitespace } == "{}")
        #expect(
            eventually("the first container sees the reset") { writer[\.count] == 0 && writer[\.name] == "anonymous" })
    }
}
