import ExampleSettings
public import Prefs

/// A feature that reads keys declared in `ExampleSettings`, without knowing where they are stored.
public struct Greeting: Sendable {
    private let preferences: Preferences

    /// Creates the feature on the app's container.
    ///
    /// - Parameter preferences: The container the app configured.
    public init(preferences: Preferences) { self.preferences = preferences }

    /// The greeting the user asked for.
    public func message() -> String {
        preferences[\.showHelloWorld] ? "Hello, world!" : "Hello."
    }
}
