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

/// A window frame, stored as a dictionary of its members.
public struct WindowFrame: Codable, Sendable, Equatable, PreferenceStorable {
    /// Position and size.
    public var x, y, width, height: Double
    /// Whether the window fills the screen (added in version 2: frames stored before read it from the default).
    public var isFullScreen: Bool
    /// A frame at the origin with no size.
    public static let zero = WindowFrame(x: 0, y: 0, width: 0, height: 0)

    /// Creates a frame.
    public init(x: Double, y: Double, width: Double, height: Double, isFullScreen: Bool = false) {
        (self.x, self.y, self.width, self.height, self.isFullScreen) = (x, y, width, height, isFullScreen)
    }
}

// An interface module: it declares the keys and nothing about where they live.
//
// Version 2 of the example: `window` gained `isFullScreen` and is read member by member, so a frame stored by version 1
// keeps its size; `last_launch` (a Date?) gave way to `launch_history`, the last five launches. Version 1's
// `last_launch` stays in the files it wrote until `prefs doctor --gc` removes it.
public extension PreferenceKeys {
    /// How often the example ran.
    var launchCount: Key<Int> { Key("launch_count", default: 0, description: "How many times the example ran") }
    /// Whether to greet the whole world.
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    /// The example's theme.
    var theme: Key<Theme> { Key("theme", default: .system, description: "The colour scheme of every window") }
    /// The example's window frame.
    var window: Key<WindowFrame> { Key("window", default: .zero).decodingMemberByMember() }
    /// When the example last ran, newest first: at most five launches.
    var launchHistory: Key<[Date]> {
        Key("launch_history", default: [], description: "When the example last ran, newest first")
    }
}
