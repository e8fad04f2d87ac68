// Complete form of samples in: Sources/Prefs/Prefs.docc/GettingStarted.md
import Prefs
import Testing
@testable import Greeter

@Test func darkThemeIsRemembered() {
    let prefs = Preferences(store: InMemoryPreferenceStore())
    prefs[\.theme] = .dark
    #expect(prefs[\.theme] == .dark)
}
