public import Foundation
public import Prefs

/// The example app's themes, stored as their raw value.
public enum Theme: String, Sendable, CaseIterable {
    /// Follow the system.
    case system
    /// Always light.
    case light
    /// Always dark.
    case dark
}

/// A window frame, stored as a dictionary of its four numbers.
public struct WindowFrame: Codable, Sendable, Equatable, PreferenceStorable {
    /// Position and size.
    public var x, y, width, height: Double
    /// A frame at the origin with no size.
    public static let zero = WindowFrame(x: 0, y: 0, width: 0, height: 0)

    /// Creates a frame.
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

// An interface module: it declares the keys and nothing about where they live.
public extension PreferenceKeys {
    /// How often the example ran.
    var launchCount: Key<Int> { Key("launch_count", default: 0, description: "How many times the example ran") }
    /// Whether to greet the whole world.
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    /// The example's theme.
    var theme: Key<Theme> { Key("theme", default: .system, description: "The colour scheme of every window") }
    /// The example's window frame.
    var window: Key<WindowFrame> { Key("window", default: .zero) }
    /// When the example last ran; nil on its first run.
    var lastLaunch: Key<Date?> { Key("last_launch") }
}
