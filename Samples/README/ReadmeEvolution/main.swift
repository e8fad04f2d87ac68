// Complete form of samples in: README.md
import Prefs

extension PreferenceKeys {
    // A renamed key: a value under "app_theme" moves to "theme" once, atomically, in the store.
    var theme: Key<Theme> { Key("theme", default: .system, formerNames: ["app_theme"]) }
}

// Named steps, run once per store, recorded in it, one atomic transaction each.
try prefs.migrate([
    PreferenceMigration("2026-11-dark-by-default") { tx in
        if tx.value(named: "theme") == nil { tx[\.theme] = .dark }
    },
])

let prefs = Preferences(store: InMemoryPreferenceStore())
enum Theme: String, Sendable { case system, light, dark }
