// Complete form of samples in: README.md
import Prefs
import Testing

@Test func greetsTheWorld() {
    Preferences.withStandard(Preferences(store: InMemoryPreferenceStore())) {
        @Preference(\.showHelloWorld) var showHelloWorld
        showHelloWorld = true
        #expect(Preferences.standard[\.showHelloWorld])
    }
}
