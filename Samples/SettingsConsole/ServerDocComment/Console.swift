// Complete form of samples in: Sources/PrefsConsole/Server/PreferenceConsole.swift
import Prefs
import PrefsCommand
import PrefsConsole

func serveTheConsole() async throws {
    let settings = DeclaredSettings(keys: AppPreferences.keys, preferences: .standard, title: "MyApp")
    try await PreferenceConsole(settings: settings).run { url in print("Console: \(url)") }
}

// What the sample above uses and does not show.
enum AppPreferences: PreferenceCatalog {
    static let keys = [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)]
}

enum Theme: String, Sendable, CaseIterable { case system, light, dark }
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}
