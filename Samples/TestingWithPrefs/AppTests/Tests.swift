// Complete form of samples in: Sources/Prefs/Prefs.docc/TestingWithPrefs.md
import ExampleFeature
import Foundation
import Prefs
import PrefsTesting
import Testing

@Test func greetsTheWorldWhenAsked() {
    let prefs = Preferences(store: InMemoryPreferenceStore(["should_show_hello_world": true]))
    #expect(Greeting(preferences: prefs).message() == "Hello, world!")
}

@Test func greetsTheWorld() {
    Preferences.withStandard(Preferences(store: InMemoryPreferenceStore())) {
        @Preference(\.showHelloWorld) var showHelloWorld
        showHelloWorld = true
        #expect(Preferences.standard[\.showHelloWorld])
    }
}

import Prefs
import PrefsTesting
import Testing

@Test func aRefusedWriteKeepsTheStoredValue() throws {
    let store = TestPreferenceStore(["theme": "light"])
    let prefs = Preferences(store: store)
    store.failWrites(with: TestPreferenceStore.Failure("disk full"))
    #expect(throws: PreferenceWriteError.self) { try prefs.set(\.theme, .dark) }
    #expect(prefs[\.theme] == .light)
    store.failWrites(with: nil)
    store.simulateOutsideChange(["theme": "dark"])   // as if another process had written it
}

@Test func dictionaryStoreConforms() throws {
    try PreferenceStoreConformance.check(makeStore: { DictionaryStore() })
}

@Test func myCacheKeepsEveryValue() throws {
    var generator = PreferenceValueGenerator(seed: PreferenceValueGenerator.environmentSeed)
    for _ in 0..<PreferenceValueGenerator.caseCount(1_000) {
        let (key, value) = (generator.key(), generator.value())
        try cache.write([key: value])
        #expect(PreferenceValueGenerator.isSameStoredValue(value, try cache.value(forKey: key)),
                "\(generator.replayCommand(filter: "myCacheKeepsEveryValue"))")
    }
}

// What the samples above use and do not show.
enum Theme: String, Sendable { case system, light, dark }
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
}
let cache: any PreferenceStore = InMemoryPreferenceStore()
typealias DictionaryStore = InMemoryPreferenceStore
