public import Configuration
public import Foundation

/// A read-only source of values that shadow the stores: command-line arguments, environment
/// variables, a system-wide defaults file.
///
/// ```swift
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
/// Layers are consulted highest first, by key name (without the container's key prefix). Text from
/// the environment or the command line is parsed by the key's type (see
/// ``PreferenceKeys/Key/storedValue(parsing:)``). Environment variables and arguments are read with
/// swift-configuration's providers, so names follow its rules: key `theme` with prefix `MYAPP` is
/// `MYAPP_THEME`, key `launchCount` is `MYAPP_LAUNCH_COUNT`; on the command line they are
/// `--theme` and `--launch-count`.
public struct PreferenceOverrideLayer: Sendable {
    /// What a layer holds for a key: text to parse by the key's type, or a typed value.
    enum Raw: Sendable {
        case text(String)
        case value(PreferenceValue)
    }

    /// The layer's name, as shown by `source(of:)` ("environment variable", …).
    public let name: String
    let lookup: @Sendable (_ keyName: String) -> (raw: Raw, name: String)?

    /// A layer over any swift-configuration provider.
    ///
    /// - Parameters:
    ///   - name: The layer's name in ``PreferenceSource``.
    ///   - provider: The provider; keys are looked up as `prefix` components followed by the key name.
    ///   - prefix: Components put before each key name (`["myapp"]` for `MYAPP_THEME`).
    public init(name: String, provider: some ConfigProvider, prefix: [String] = []) {
        self.name = name
        self.lookup = { keyName in
            let key = AbsoluteConfigKey(prefix + [keyName])
            for type in [ConfigType.string, .bool, .int, .double, .stringArray] {
                guard let result = try? provider.value(forKey: key, type: type) else { continue }
                guard let content = result.value?.content else { return nil }
                return (Self.raw(content), result.encodedKey)
            }
            return nil
        }
    }

    /// A layer of fixed values, by key name: for tests, previews and values computed at startup.
    ///
    /// - Parameters:
    ///   - values: The values by key name.
    ///   - name: The layer's name.
    public init(values: [String: PreferenceValue], name: String = "values") {
        self.name = name
        self.lookup = { keyName in values[keyName].map { (.value($0), keyName) } }
    }

    /// Environment variables: key `theme` with prefix `MYAPP` is read from `MYAPP_THEME`.
    ///
    /// - Parameters:
    ///   - prefix: The app's prefix, without the trailing underscore; empty for none.
    ///   - environment: The variables; the process's environment by default.
    /// - Returns: The layer.
    public static func environment(
        prefix: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Self {
        Self(
            name: "environment variable",
            provider: EnvironmentVariablesProvider(environmentVariables: environment),
            prefix: prefix.isEmpty ? [] : [prefix]
        )
    }

    /// Command-line arguments: key `theme` is read from `--theme dark` or `--theme=dark`.
    ///
    /// - Parameter arguments: The arguments; the process's by default.
    /// - Returns: The layer.
    public static func commandLine(_ arguments: [String] = CommandLine.arguments) -> Self {
        Self(name: "command-line argument", provider: CommandLineArgumentsProvider(arguments: arguments))
    }

    /// A JSON object in the file store's format (a system-wide defaults file under `/etc`, say),
    /// read once. A missing file is an empty layer.
    ///
    /// - Parameter url: The file.
    /// - Returns: The layer.
    /// - Throws: ``FilePreferenceStoreError`` when the file exists but cannot be read or is not a JSON object.
    public static func file(_ url: URL) throws -> Self {
        var members: [String: PreferenceValue] = [:]
        if let (data, _) = try FileSystem.read(url.path) {
            do {
                members = try PreferenceJSON.decode(data)
            } catch {
                throw FilePreferenceStoreError(operation: .read, path: url.path, reason: "\(error)")
            }
        }
        return Self(values: members, name: "file \(url.path), member")
    }

    private static func raw(_ content: ConfigContent) -> Raw {
        switch content {
        case .string(let text): .text(text)
        case .bool(let value): .value(.bool(value))
        case .int(let value): .value(.integer(Int64(value)))
        case .double(let value): .value(.double(value))
        case .stringArray(let values): .value(.array(values.map(PreferenceValue.string)))
        default: .text("\(content)")
        }
    }
}
