// Complete form of samples in: Sources/PrefsCommand/PreferenceCatalog.swift
import Prefs
import PrefsCommand

enum AppPreferences: PreferenceCatalog {
    static let keys = [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount), AnyPreferenceKey(\.window)]
}

enum Theme: String, Sendable, CaseIterable { case system, light, dark }
struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var width = 0.0, height = 0.0
    static let zero = Frame()
}
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
    var window: Key<Frame> { Key("window", default: .zero) }
}
