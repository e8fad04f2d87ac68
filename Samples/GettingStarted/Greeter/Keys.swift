// Complete form of samples in: Sources/Prefs/Prefs.docc/GettingStarted.md
// The tool the article builds, step by step: its keys here, its code in main.swift.
import Foundation
import Prefs

enum Theme: String, Sendable, CaseIterable { case system, light, dark }

struct WindowFrame: Codable, Sendable, Equatable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    static let zero = WindowFrame()
}
extension WindowFrame: PreferenceStorable {}

extension PreferenceKeys {
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
    var theme: Key<Theme> { Key("theme", default: .system) }
    var window: Key<WindowFrame> { Key("window", default: .zero) }
    var lastLaunch: Key<Date?> { Key("last_launch") }
}
