// Complete form of samples in: Sources/Prefs/Overrides/PreferenceOverrideLayer.swift
import Foundation
import Prefs

import PrefsConfiguration   // .environment(prefix:) and .commandLine(), macOS 15 / iOS 18 and later

let prefs = Preferences(
    stores: [.default: try FilePreferenceStore(url: url)],
    overrides: [
        .commandLine(),                                   // --theme dark
        .environment(prefix: "MYAPP"),                    // MYAPP_THEME=dark
        try .file(URL(fileURLWithPath: "/etc/myapp/preferences.json")),
    ]
)
try prefs.validateOverrides(of: [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.window)])

let url = FilePreferenceStore.standardURL(appID: "com.example.app")
enum Theme: String, Sendable { case system, light, dark }
struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var width = 0.0, height = 0.0
    static let zero = Frame()
}
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
    var window: Key<Frame> { Key("window", default: .zero) }
}
