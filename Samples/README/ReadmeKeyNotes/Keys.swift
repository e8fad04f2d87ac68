// Complete form of samples in: README.md
import Prefs

enum Theme: String, Sendable, CaseIterable { case system, light, dark }

extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system, description: "The colour scheme of every window") }
}
