public import Prefs

/// What an app hands to ``PrefsCommand``: its declared keys, and the container they live in.
///
/// Declare one type that lists the keys by key path, so that every key is checked by the compiler
/// and carries its type, default and valid values into the command:
///
/// ```swift
/// enum AppPreferences: PreferenceCatalog {
///     static let keys = [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount), AnyPreferenceKey(\.window)]
/// }
/// ```
///
/// The command reads ``preferences`` each time it runs, so a container set up in `main` (or bound
/// with `Preferences.withStandard` in a test) is the one it uses.
public protocol PreferenceCatalog {
    /// The app's declared keys, in the order `list` shows them.
    static var keys: [AnyPreferenceKey] { get }

    /// The container the command reads and writes, with the app's stores and override layers.
    /// `Preferences.standard` unless the type says otherwise.
    static var preferences: Preferences { get }
}

extension PreferenceCatalog {
    /// `Preferences.standard`: the container the app's wrappers use.
    public static var preferences: Preferences { .standard }

    /// The declared key with this name.
    ///
    /// - Throws: ``PrefsFailure`` with ``PrefsExitCode/unknownKey`` naming the declared keys.
    static func key(named name: String) throws -> AnyPreferenceKey {
        guard let key = keys.first(where: { $0.name == name }) else {
            throw PrefsFailure.unknownKey(name, known: keys.map(\.name), in: "is declared by the app")
        }
        return key
    }
}
