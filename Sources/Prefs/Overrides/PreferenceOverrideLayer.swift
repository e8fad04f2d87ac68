public import Foundation

/// A read-only source of values that shadow the stores: command-line arguments, environment
/// variables, a system-wide defaults file.
///
/// ```swift
/// import PrefsConfiguration   // .environment(prefix:) and .commandLine(), macOS 15 / iOS 18 and later
///
/// let prefs = Preferences(
///     stores: [.default: try FilePreferenceStore(url: url)],
///     overrides: [
///         .commandLine(),                                   // --theme dark
///         .environment(prefix: "MYAPP"),                    // MYAPP_THEME=dark
///         try .file(URL(fileURLWithPath: "/etc/myapp/preferences.json")),
///     ]
/// )
/// try prefs.validateOverrides(of: [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.window)])
/// ```
///
/// Layers are consulted highest first, by key name (without the container's key prefix). Text (from
/// the environment, the command line) is parsed by the key's type (see
/// ``PreferenceKeys/Key/storedValue(parsing:)``). This module has the layers that need nothing but
/// Foundation: fixed values (``init(values:name:)``), a file (``file(_:)``) and any lookup of your own
/// (``init(name:lookup:)``). The `PrefsConfiguration` product adds layers over swift-configuration's
/// providers: `.environment(prefix:)`, `.commandLine()` and `init(name:provider:prefix:)`.
public struct PreferenceOverrideLayer: Sendable {
    /// What a layer holds for a key.
    public enum Entry: Sendable, Hashable {
        /// Text, parsed by the key's type as an environment variable or an argument is.
        case text(String)
        /// A typed value, which must decode as the key's type.
        case value(PreferenceValue)
    }

    /// The layer's name, as shown by `source(of:)` ("environment variable", …).
    public let name: String
    let lookup: @Sendable (_ keyName: String) -> (entry: Entry, name: String)?

    /// A layer that finds a key's value with `lookup`: the way other modules (`PrefsConfiguration`) and apps
    /// build layers over their own sources.
    ///
    /// ```swift
    /// let secrets = PreferenceOverrideLayer(name: "secret") { key in
    ///     vault.text(for: key).map { (.text($0), "vault/\(key)") }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The layer's name in ``PreferenceSource`` ("environment variable").
    ///   - lookup: Given a key's name (without the container's key prefix), what the layer holds for it and the
    ///     name it has there (`MYAPP_THEME`), or nil when the layer has nothing for the key. Called on every
    ///     uncached read of the key, from any thread.
    public init(
        name: String,
        lookup: @escaping @Sendable (_ keyName: String) -> (entry: Entry, name: String)?
    ) {
        self.name = name
        self.lookup = lookup
    }

    /// A layer of fixed values, by key name: for tests, previews and values computed at startup.
    ///
    /// - Parameters:
    ///   - values: The values by key name.
    ///   - name: The layer's name.
    public init(values: [String: PreferenceValue], name: String = "values") {
        self.init(name: name) { keyName in values[keyName].map { (.value($0), keyName) } }
    }

    /// A JSON object in the file store's format (a system-wide defaults file under `/etc`, say),
    /// read once. A missing file is an empty layer.
    ///
    /// - Parameter url: The file.
    /// - Returns: The layer.
    /// - Throws: ``FilePreferenceStoreError`` when the file exists but cannot be read or is not a JSON object.
    public static func file(_ url: URL) throws -> Self {
        var members: [String: PreferenceValue] = [:]
        if let (data, _) = try FileSystem.system.read(url.path) {
            do {
                members = try PreferenceJSON.decode(data)
            } catch {
                throw FilePreferenceStoreError(operation: .read, path: url.path, reason: "\(error)")
            }
        }
        return Self(values: members, name: "file \(url.path), member")
    }
}
