// Complete form of samples in: Sources/PrefsTesting/PrefsTesting.docc/PrefsTesting.md
import Prefs
import PrefsTesting
import Testing

@Suite(.isolatedPreferences) struct SettingsScreenTests {
    @Test func togglesTheGreeting() {
        Preferences.standard[\.showHelloWorld] = true   // this test's own container
    }
}

// What the sample above uses and does not show.
extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
}
