// Complete form of samples in: Sources/PrefsTesting/PrefsTesting.docc/PrefsTesting.md
import Prefs
import PrefsTesting
import Testing

@Test func myStoreConforms() throws {
    try PreferenceStoreConformance.check(makeStore: { MyStore() })
}

@Test func aRefusedWriteKeepsTheStoredValue() throws {
    let store = TestPreferenceStore(["theme": "light"])
    let prefs = Preferences(store: store)
    store.failWrites(with: TestPreferenceStore.Failure("disk full"))
    #expect(throws: PreferenceWriteError.self) { try prefs.set(\.theme, .dark) }
    #expect(prefs[\.theme] == .light)
}

// What the samples above use and do not show.
enum Theme: String, Sendable { case system, light, dark }
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
}
typealias MyStore = InMemoryPreferenceStore
