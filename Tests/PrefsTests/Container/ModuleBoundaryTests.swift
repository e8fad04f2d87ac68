import ExampleFeature
import ExampleSettings
import Prefs
import PrefsTestSupport
import Testing

/// ExampleSettings declares `public extension PreferenceKeys` keys; ExampleFeature reads them by
/// key path without knowing any store; this test, like the app, decides where they are stored.
@Suite struct ModuleBoundaryTests {
    @Test func aFeatureModuleReadsKeysDeclaredInAnInterfaceModule() {
        let prefs = Preferences(store: InMemoryPreferenceStore(["should_show_hello_world": true]))
        let greeting = Greeting(preferences: prefs)
        #expect(greeting.message() == "Hello, world!")
        prefs[\.showHelloWorld] = false
        #expect(greeting.message() == "Hello.")
    }
}
