// Complete form of samples in: Sources/Prefs/Standard/Preferences+Standard.swift, Sources/Prefs/Stores/PreferenceStore.swift
import Prefs
import PrefsTesting
import Testing

@MainActor enum Settings {
    @Preference(\.showHelloWorld) static var showHelloWorld
}

struct Greeting {
    @Preference(\.showHelloWorld) var showHelloWorld
    func message() -> String { showHelloWorld ? "Hello, world!" : "Hello." }
}

@MainActor @Test func greetsTheWorld() {
    Preferences.withStandard(Preferences(store: InMemoryPreferenceStore())) {
        Settings.showHelloWorld = true
        #expect(Greeting().message() == "Hello, world!")
    }
}

@Test func myStoreConforms() throws {
    try PreferenceStoreConformance.check { MyStore() }
}

typealias MyStore = InMemoryPreferenceStore
