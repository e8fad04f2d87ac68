public import Configuration
public import Foundation
public import Prefs

extension PreferenceOverrideLayer {
    /// A layer over any swift-configuration provider.
    ///
    /// ```swift
    /// let layer = PreferenceOverrideLayer(name: "secret", provider: try await FileProvider<JSONSnapshot>(filePath: path))
    /// ```
    ///
    /// Keys are looked up as `prefix` components followed by the key's name, as each of swift-configuration's types
    /// (string, Boolean, integer, double, string array) in turn; a string is parsed by the key's type, a typed value
    /// must decode as it.
    ///
    /// - Parameters:
    ///   - name: The layer's name in `PreferenceSource`.
    ///   - provider: The provider.
    ///   - prefix: Components put before each key name (`["myapp"]` for `MYAPP_THEME`).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    public init(name: String, provider: some ConfigProvider, prefix: [String] = []) {
        self.init(name: name) { keyName in
            let key = AbsoluteConfigKey(prefix + [keyName])
            for type in [ConfigType.string, .bool, .int, .double, .stringArray] {
                guard let result = try? provider.value(forKey: key, type: type) else { continue }
                guard let content = result.value?.content else { return nil }
                return (Self.entry(content), result.encodedKey)
            }
            return nil
        }
    }

    /// Environment variables, read with swift-configuration's `EnvironmentVariablesProvider`: key `theme` with
    /// prefix `MYAPP` is `MYAPP_THEME`, key `launchCount` is `MYAPP_LAUNCH_COUNT`.
    ///
    /// - Parameters:
    ///   - prefix: The app's prefix, without the trailing underscore; empty for none.
    ///   - environment: The variables; the process's environment by default.
    /// - Returns: The layer.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
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

    /// Command-line arguments, read with swift-configuration's `CommandLineArgumentsProvider`: key `theme` is
    /// `--theme dark` or `--theme=dark`, key `launchCount` is `--launch-count`.
    ///
    /// - Parameter arguments: The arguments; the process's by default.
    /// - Returns: The layer.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    public static func commandLine(_ arguments: [String] = CommandLine.arguments) -> Self {
        Self(name: "command-line argument", provider: CommandLineArgumentsProvider(arguments: arguments))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private static func entry(_ content: ConfigContent) -> Entry {
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
