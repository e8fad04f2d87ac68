// Complete form of samples in: README.md
import Prefs
import PrefsTesting
import Testing

@Test func dictionaryStoreConforms() throws {
    try PreferenceStoreConformance.check(makeStore: { DictionaryStore() })
}

@Test func aRefusedWriteKeepsTheStoredValue() throws {
    let store = TestPreferenceStore(["theme": "light"])
    let prefs = Preferences(store: store)
    store.failWrites(with: TestPreferenceStore.Failure("disk full"))
    #expect(throws: PreferenceWriteError.self) { try prefs.set(\.theme, .dark) }
    #expect(prefs[\.theme] == .light)
    store.failWrites(with: nil)
    store.simulateOutsideChange(["theme": "dark"])   // as if another process had written it
}

@Test func greetsTheWorld() {
    Preferences.withStandard(Preferences(store: InMemoryPreferenceStore())) {
        @Preference(\.showHelloWorld) var showHelloWorld
        showHelloWorld = true
        #expect(Preferences.standard[\.showHelloWorld])
    }
}
