// The app's keys, which the sample in App.swift serves.
import Prefs
import PrefsCommand

enum AppPreferences: PreferenceCatalog {
    static let keys = [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)]
}

enum Theme: String, Sendable, CaseIterable { case system, light, dark }
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}
