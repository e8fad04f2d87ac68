// Complete form of samples in: Sources/Prefs/Prefs.docc/Prefs.md
import Prefs

extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
}

let settingsURL = FilePreferenceStore.standardURL(appID: "com.example.app")
let prefs = Preferences(store: try FilePreferenceStore(url: settingsURL))
prefs[\.theme] = .dark
let token = prefs.observe(\.theme) { change in print(change.newValue) }

enum Theme: String, Sendable { case system, light, dark }
