// Complete form of samples in: Sources/Prefs/Prefs.docc/TestingWithPrefs.md
import ExampleFeature
import Prefs
import PrefsTesting
import Testing

@Suite(.isolatedPreferences) struct GreetingTests {
    @Test func greetsTheWorldWhenAsked() {
        Preferences.standard[\.showHelloWorld] = true      // this test's container only
        #expect(Greeting(preferences: .standard).message() == "Hello, world!")
    }
}
