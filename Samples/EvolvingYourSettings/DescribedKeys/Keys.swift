// Complete form of samples in: Sources/Prefs/Prefs.docc/EvolvingYourSettings.md
import Prefs

enum Theme: String, Sendable, CaseIterable { case system, light, dark }

extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system, description: "The colour scheme of every window") }
    var apiToken: Key<String> { Key("api_token", default: "", isSecret: true) }
}
