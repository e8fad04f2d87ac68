import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    fileprivate subscript(spelledInt name: String) -> Key<Int> { Key(name, default: 0) }
    fileprivate subscript(spelledText name: String) -> Key<String> { Key(name, default: "") }
}

@Suite struct PreferencesTests {
    @Test func readsReturnDefaultsUntilWritten() {
        let (prefs, _) = makePreferences()
        #expect(prefs[\.flag] == false)
        #expect(prefs[\.selections] == [3, 4, 5])
        prefs[\.flag] = true
        #expect(prefs[\.flag] == true)
    }

    @Test func resetRemovesTheStoredValue() throws {
        let (prefs, store) = makePreferences(["theme": "dark"])
        #expect(prefs[\.theme] == .dark)
        prefs.reset(\.theme)
        #expect(prefs[\.theme] == .system)
        try prefs.flush()
        #expect(store.contents["theme"] == nil)
    }

    @Test func anOptionalKeyWithAnExplicitNilDefaultIsAnOptionalKey() throws {
        let store = InMemoryPreferenceStore()
        let prefs = Preferences(store: store)
        #expect(prefs[\.nickname] == nil)
        prefs[\.nickname] = "bob"
        try prefs.flush()
        #expect(store.value(forKey: "nickname") == "bob")
        prefs[\.nickname] = nil
        try prefs.flush()
        #expect(store.value(forKey: "nickname") == nil)
        #expect(prefs[\.nickname] == nil)
    }

    @Test func keyPrefixIsPrependedInTheStore() throws {
        let (prefs, store) = makePreferences(["com.example.name": "stored"], keyPrefix: "com.example.")
        #expect(prefs[\.name] == "stored")
        prefs[\.count] = 4
        try prefs.flush()
        #expect(store.contents["com.example.count"] == 4)
        #expect(store.contents["count"] == nil)
    }

    @Test func keysGoToTheStoreTheyName() throws {
        let main = InMemoryPreferenceStore(), second = InMemoryPreferenceStore()
        let prefs = Preferences(stores: [.default: main, .second: second])
        prefs[\.secondStoreToken] = "secret"
        prefs[\.count] = 1
        try prefs.flush()
        #expect(second.value(forKey: "token") == "secret")
        #expect(main.value(forKey: "token") == nil)
        #expect(main.value(forKey: "count") == 1)
    }

    /// One store object under two IDs holds one stored key for the key paths of both: a write through either
    /// reaches the other's cache and observers at once (the writer's own entry is found through its binding, the
    /// other slot's by name).
    @Test func oneStoreUnderTwoIDsIsOneStoredKeyForBoth() throws {
        let store = InMemoryPreferenceStore()
        let prefs = Preferences(stores: [.default: store, .second: store])
        #expect(prefs[\.defaultStoreToken] == "" && prefs[\.secondStoreToken] == "")
        let heard = Collected<String>()
        let observation = prefs.observe(\.secondStoreToken) { heard.append($0.newValue) }
        prefs[\.defaultStoreToken] = "shared"
        #expect(prefs[\.secondStoreToken] == "shared")
        prefs[\.secondStoreToken] = "back"
        #expect(prefs[\.defaultStoreToken] == "back")
        #expect(heard.all == ["shared", "back"])
        try prefs.flush()
        #expect(store.value(forKey: "token") == "back")
        observation.cancel()
    }

    /// One store object under two IDs runs one store transaction for both, whichever ID names it: `update`,
    /// `resetAll(in:)` and `transaction` through the second ID (which stopped the program: the store transaction was
    /// filed under the second ID and looked up under the first).
    @Test func oneStoreUnderTwoIDsRunsTransactionsThroughEither() throws {
        let store = InMemoryPreferenceStore()
        let prefs = Preferences(stores: [.default: store, .second: store])
        prefs.update(\.secondStoreToken) { $0 += "updated" }
        #expect(prefs[\.defaultStoreToken] == "updated")
        try prefs.transaction { $0[\.secondStoreToken] += " twice" }
        #expect(prefs[\.defaultStoreToken] == "updated twice")
        try prefs.resetAll(in: [.second])
        #expect(prefs[\.defaultStoreToken] == "")
        try prefs.flush()
        #expect(store.value(forKey: "token") == nil)
    }

    /// A failed write through either ID of one store object names the ID of its own key.
    @Test func aFailedWriteNamesTheStoreIDOfItsKey() throws {
        let store = TestPreferenceStore()
        let prefs = Preferences(stores: [.default: store, .second: store])
        store.failWrites(with: .init("read-only"))
        let second = try #require(throws: PreferenceWriteError.self) { try prefs.set(\.secondStoreToken, "x") }
        #expect(second.storeID == .second)
        let first = try #require(throws: PreferenceWriteError.self) { try prefs.set(\.defaultStoreToken, "y") }
        #expect(first.storeID == .default)
        #expect(prefs[\.secondStoreToken] == "" && prefs[\.defaultStoreToken] == "")
    }

    @Test func aFlushReachesEveryStoreAndThrowsAFailedWriteBeforeAStoresOwnFailure() throws {
        let first = UnflushableStore()  // flushed first: its own flush fails, and it refuses writes
        let second = TestPreferenceStore()
        let prefs = Preferences(stores: [.default: first, .second: second])
        first.inner.failWrites(with: .init("read-only"))
        prefs[\.defaultStoreToken] = "y"  // refused behind the caller: `flush()` alone can report it
        prefs[\.secondStoreToken] = "x"
        let failure = try #require(throws: PreferenceWriteError.self) { try prefs.flush() }
        #expect(failure.storeID == .default && failure.keys == ["token"])
        #expect(second.flushCount == 1 && second.contents["token"] == "x", "the store after it was flushed too")
        #expect(throws: UnflushableStore.Failure.self, "the store's own failure comes again") { try prefs.flush() }
    }

    @Test func aKeyWhoseStoreIsMissingIsAProgrammerErrorNamingTheKey() async {
        await #expect(processExitsWith: .failure) {
            let prefs = Preferences(store: InMemoryPreferenceStore())
            _ = prefs[\.missingStoreKey]
        }
    }

    @Test func anyKeyNameWorks() throws {
        let (prefs, store) = makePreferences()
        prefs[\.oddName] = "ok"
        try prefs.flush()
        #expect(store.contents["a.b/c:d ü 鍵 🔑"] == "ok")
        #expect(Preferences(store: store)[\.oddName] == "ok")
    }

    @Test func twoKeyPathsOnOneStoredNameShareTheValue() {
        let (prefs, _) = makePreferences()
        prefs[\.count] = 5
        #expect(prefs[\.countAlias] == 5)
        prefs[\.countAlias] = 6
        #expect(prefs[\.count] == 6)
    }

    /// Names that Swift's `==` calls equal (a precomposed and a decomposed "é"; the Kelvin sign and "K") are one
    /// stored key, as in the stores' dictionaries: keys declared with either spelling read and write one value,
    /// whichever was read first, and a write through one wakes the observers of the other.
    @Test(arguments: [("caf\u{E9}", "cafe\u{301}"), ("\u{212A}", "K"), ("\u{212B}", "\u{C5}")])
    func namesSwiftCallsEqualAreOneKey(_ spellings: (String, String)) throws {
        let (first, second) = spellings
        #expect(first == second && Array(first.utf8) != Array(second.utf8))
        let (prefs, store) = makePreferences()
        #expect(prefs[\.[spelledInt: first]] == 0)
        #expect(prefs[\.[spelledInt: second]] == 0)
        let seen = Collected<Int>()
        let token = prefs.observe(\.[spelledInt: second]) { seen.append($0.newValue) }
        defer { token.cancel() }
        prefs[\.[spelledInt: first]] = 5
        #expect(prefs[\.[spelledInt: second]] == 5)
        #expect(eventually("the other spelling's observer hears the write") { seen.all == [5] })
        prefs[\.[spelledInt: second]] = 6
        #expect(prefs[\.[spelledInt: first]] == 6)
        #expect(prefs[\.[spelledText: second]] == "")  // another type over the same stored value, which is an Int
        try prefs.flush()
        #expect(store.contents[second] == 6)
    }

    @Test func cachedReadsDoNotCallTheStore() {
        let (prefs, store) = makePreferences(["count": 3])
        _ = prefs[\.count]
        let reads = store.readCount
        for _ in 0..<1_000 { _ = prefs[\.count] }
        #expect(store.readCount == reads)
    }

    @Test func writesAreCoalescedBehindTheCaller() throws {
        let (prefs, store) = makePreferences()
        for value in 1...1_000 { prefs[\.count] = value }
        try prefs.flush()
        #expect(store.contents["count"] == 1_000)
        #expect(store.writes.count < 1_000)
    }

    @Test func aWriteThatChangesNothingDoesNotReachTheStore() throws {
        let (prefs, store) = makePreferences(["count": 2])
        prefs[\.count] = 2
        try prefs.flush()
        #expect(store.writes.isEmpty)
    }

    @Test func throwingSetReportsAStoreFailureAndKeepsTheStoredValue() throws {
        let (prefs, store) = makePreferences(["count": 1])
        store.failWrites(with: .init("disk full"))
        #expect(throws: PreferenceWriteError.self) { try prefs.set(\.count, 2) }
        #expect(prefs[\.count] == 1)
        store.failWrites(with: nil)
        try prefs.set(\.count, 3)
        #expect(prefs[\.count] == 3)
        #expect(store.contents["count"] == 3)
    }

    @Test func failedWriteBehindRollsBackTellsObserversAndIsThrownByTheNextFlushOnce() throws {
        let (prefs, store) = makePreferences(["count": 1])
        let seen = Collected<Int>()
        let token = prefs.observe(\.count) { seen.append($0.newValue) }
        defer { token.cancel() }
        store.failWrites(with: .init("read-only"))
        prefs[\.count] = 2
        eventually("rollback") { prefs[\.count] == 1 }
        eventually("observers hear the rollback") { seen.all == [2, 1] }
        let error = #expect(throws: PreferenceWriteError.self) { try prefs.flush() }
        #expect(error?.description.contains("read-only") == true)
        #expect(error?.keys == ["count"])
        store.failWrites(with: nil)
        try prefs.flush()
        prefs[\.count] = 4
        try prefs.flush()
        #expect(store.contents["count"] == 4)
    }

    @Test func aFailingReadIsReportedAndReadsTheDefault() {
        let store = TestPreferenceStore(["count": 9])
        store.failReads(with: .init("io error"))
        let (logger, messages) = CapturingLogHandler.logger()
        let prefs = Preferences(store: store, logger: logger)
        #expect(prefs[\.count] == 0)
        #expect(messages.count(containing: "io error") == 1)
    }

    @Test func aCodecFailureOnWriteIsThrownBySetAndKeepsTheOldValue() {
        let (prefs, _) = makePreferences()
        #expect(throws: PreferenceValueError.self) { try prefs.set(\.positive, -1) }
        #expect(prefs[\.positive] == 1)
        prefs[\.positive] = -2
        #expect(prefs[\.positive] == 1)
    }

    @Test func releasedContainerStillWritesWhatItWasGiven() throws {
        let store = InMemoryPreferenceStore()
        do {
            let prefs = Preferences(store: store)
            prefs[\.count] = 77
        }
        eventually("write after release") { store.value(forKey: "count") == 77 }
    }
}

extension PreferenceKeys {
    /// The stored key `token` of ``secondStoreToken``, in the default store.
    fileprivate var defaultStoreToken: Key<String> { Key("token", default: "") }
}

/// A test store whose `flush()` always fails.
private final class UnflushableStore: PreferenceStore {
    struct Failure: Error {}
    let inner = TestPreferenceStore()

    func value(forKey key: String) throws -> PreferenceValue? { try inner.value(forKey: key) }
    func write(_ changes: PreferenceStoreWrites) throws { try inner.write(changes) }
    func keys() -> [String] { inner.keys() }
    func observeChanges(
        _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
    ) -> PreferenceObservationToken { inner.observeChanges(handler) }
    func flush() throws { throw Failure() }
}
