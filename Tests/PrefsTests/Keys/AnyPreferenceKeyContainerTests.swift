import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// A type-erased key used with a container, as tools such as `PrefsCommand` use it.
@Suite struct AnyPreferenceKeyContainerTests {
    @Test func currentValueIsTheStoredFormOfWhatAReadReturns() {
        let store = TestPreferenceStore(["count": 7, "window": ["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0]])
        let prefs = Preferences(store: store)
        #expect(prefs.currentValue(of: AnyPreferenceKey(\.count)) == 7)
        #expect(prefs.currentValue(of: AnyPreferenceKey(\.theme)) == "system")
        #expect(prefs.currentValue(of: AnyPreferenceKey(\.lastOpened)) == nil)
        #expect(
            prefs.currentValue(of: AnyPreferenceKey(\.window)) == ["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0])
    }

    @Test func anInvalidStoredValueReadsAsTheDefaultWithTheDefaultAsSource() {
        let prefs = Preferences(store: TestPreferenceStore(["theme": "purple"]))
        #expect(prefs.currentValue(of: AnyPreferenceKey(\.theme)) == "system")
        #expect(prefs.source(of: AnyPreferenceKey(\.theme)) == .defaultValue)
    }

    @Test func sourceNamesTheOverrideTheStoreOrTheDefault() {
        let prefs = Preferences(
            store: TestPreferenceStore(["count": 1]),
            overrides: [
                PreferenceOverrideLayer(name: "environment variable") {
                    $0 == "theme" ? (.text("dark"), "MYAPP_THEME") : nil
                }
            ]
        )
        #expect(
            prefs.source(of: AnyPreferenceKey(\.theme)) == .override(layer: "environment variable", name: "MYAPP_THEME")
        )
        #expect(prefs.source(of: AnyPreferenceKey(\.count)) == .store(.default))
        #expect(prefs.source(of: AnyPreferenceKey(\.flag)) == .defaultValue)
        #expect(prefs.currentValue(of: AnyPreferenceKey(\.theme)) == "dark")
    }

    @Test func setWritesAValidValueThroughTheContainerAndWakesObservers() throws {
        let store = TestPreferenceStore()
        let prefs = Preferences(store: store)
        let seen = Collected<Theme>()
        let token = prefs.observe(\.theme) { seen.append($0.newValue) }
        try prefs.set("dark", for: AnyPreferenceKey(\.theme))
        #expect(store.contents["theme"] == "dark")
        #expect(prefs[\.theme] == .dark)
        #expect(seen.all == [.dark])
        token.cancel()
    }

    @Test func setRefusesAnInvalidValueAndWritesNothing() {
        let store = TestPreferenceStore(["theme": "light"])
        let prefs = Preferences(store: store)
        #expect(throws: PreferenceValueError.self) { try prefs.set("purple", for: AnyPreferenceKey(\.theme)) }
        #expect(throws: PreferenceValueError.self) { try prefs.set("many", for: AnyPreferenceKey(\.count)) }
        #expect(store.contents == ["theme": "light"])
        #expect(prefs[\.theme] == .light)
    }

    @Test func resetRemovesTheStoredValue() throws {
        let store = TestPreferenceStore(["count": 3])
        let prefs = Preferences(store: store)
        prefs.reset(AnyPreferenceKey(\.count))
        try prefs.flush()
        #expect(store.contents["count"] == nil)
        #expect(prefs[\.count] == 0)
    }
}
