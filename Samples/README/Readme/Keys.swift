// Complete form of samples in: README.md
// The README's samples, as one module: its keys here, the code in main.swift and the test in Tests.swift.
import Foundation
import Prefs

enum Theme: String, Sendable { case system, light, dark }

struct Frame: Codable, Sendable, Equatable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    static let zero = Frame()
}
extension Frame: PreferenceStorable {}

extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    var theme: Key<Theme> { Key("theme", default: .system) }             // RawRepresentable: stored as "dark"
    var window: Key<Frame> { Key("window", default: .zero) }             // Codable: stored as an object
    var lastOpened: Key<Date?> { Key("last_opened") }                   // optional: defaults to nil
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}
