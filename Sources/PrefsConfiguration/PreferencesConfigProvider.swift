public import Configuration
internal import Foundation
public import Prefs

/// One store of a container, seen as a swift-configuration provider, so that server code reading
/// its configuration through swift-configuration sees the app's preferences, live.
///
/// ```swift
/// let config = ConfigReader(providers: [
///     EnvironmentVariablesProvider(),
///     try PreferencesConfigProvider(prefs),
/// ])
/// let theme = config.string(forKey: "theme", default: "system")
/// ```
///
/// Keys appear under their stored names (without the container's prefix; dots separate
/// components). Dictionaries are flattened into nested keys (`window.width`), dates become ISO 8601
/// strings, data becomes bytes, and arrays of one scalar kind become arrays. The provider mirrors
/// the store into swift-configuration's `MutableInMemoryProvider` and keeps it current from the
/// store's change reports, so watching works as with any provider.
///
/// The values of keys declared secret (`Key.isSecret`) are reported as secret
/// (`ConfigValue.isSecret`), so swift-configuration redacts them in its access logs: those of the keys passed as
/// `keys`, and of every key the container has used by the time the value is published.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class PreferencesConfigProvider: ConfigProvider, Sendable {
    private let mirror: MutableInMemoryProvider
    private let store: any PreferenceStore
    private let prefix: String
    private let preferences: Preferences
    private let storeID: PreferenceStoreID
    /// The stored names (with the prefix) of the declared keys passed in that are secret.
    private let declaredSecrets: Set<String>
    /// The flattened keys each stored name produced, so that a change can remove stale ones.
    private let published = Lock<[String: [AbsoluteConfigKey]]>([:])
    private let observation: Lock<PreferenceObservationToken?> = Lock(nil)

    /// Mirrors one store of a container.
    ///
    /// - Parameters:
    ///   - preferences: The container (its key prefix is stripped from names).
    ///   - store: The store to mirror.
    ///   - keys: Declared keys, so that secret ones are reported as secret from the start.
    /// - Throws: An error of the store while reading it.
    public init(_ preferences: Preferences, store: PreferenceStoreID = .default, keys: [AnyPreferenceKey] = []) throws {
        self.store = preferences.store(store)
        self.prefix = preferences.keyPrefix
        self.preferences = preferences
        self.storeID = store
        self.declaredSecrets = Set(
            keys.filter { $0.isSecret && $0.storeID == store }.map { preferences.keyPrefix + $0.name })
        self.mirror = MutableInMemoryProvider(name: "Prefs", initialValues: [:])
        let token = self.store.observeChanges { [weak self] change in self?.republish(change.keys) }
        observation.withLock { $0 = token }
        republish(Set(try self.store.keys()))
    }

    /// The provider's name.
    public var providerName: String { "Prefs" }

    /// Looks a key up in the mirrored store.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - type: The expected type.
    /// - Returns: The lookup result.
    /// - Throws: A type mismatch.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try mirror.value(forKey: key, type: type)
    }

    /// Looks a key up in the mirrored store.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - type: The expected type.
    /// - Returns: The lookup result.
    /// - Throws: A type mismatch.
    public nonisolated(nonsending) func fetchValue(
        forKey key: AbsoluteConfigKey,
        type: ConfigType
    ) async throws -> LookupResult {
        try await mirror.fetchValue(forKey: key, type: type)
    }

    /// Watches a key: the handler gets its current value, then each change.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - type: The expected type.
    ///   - updatesHandler: Consumes the updates.
    /// - Returns: What the handler returns.
    /// - Throws: What the handler throws.
    public nonisolated(nonsending) func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey,
        type: ConfigType,
        updatesHandler:
            nonisolated(nonsending) (
                _ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>
            ) async throws -> Return
    ) async throws -> Return {
        try await mirror.watchValue(forKey: key, type: type, updatesHandler: updatesHandler)
    }

    /// A snapshot of every mirrored key.
    ///
    /// - Returns: The snapshot.
    public func snapshot() -> any ConfigSnapshot { mirror.snapshot() }

    /// Watches the whole store.
    ///
    /// - Parameter updatesHandler: Consumes snapshots.
    /// - Returns: What the handler returns.
    /// - Throws: What the handler throws.
    public nonisolated(nonsending) func watchSnapshot<Return: ~Copyable>(
        updatesHandler:
            nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws ->
            Return
    ) async throws -> Return {
        try await mirror.watchSnapshot(updatesHandler: updatesHandler)
    }

    private func republish(_ names: Set<String>) {
        for name in names where name.hasPrefix(prefix) {
            let stored = try? store.value(forKey: name)
            var flattened: [AbsoluteConfigKey: ConfigValue] = [:]
            if let stored {
                let isSecret =
                    declaredSecrets.contains(name) || preferences.isSecret(storedName: name, in: storeID)
                Self.flatten(
                    stored, at: Self.configKey(String(name.dropFirst(prefix.count))), isSecret: isSecret,
                    into: &flattened)
            }
            let stale = published.withLock { published in
                defer { published[name] = Array(flattened.keys) }
                return (published[name] ?? []).filter { flattened[$0] == nil }
            }
            for key in stale { mirror.setValue(nil, forKey: key) }
            for (key, value) in flattened { mirror.setValue(value, forKey: key) }
        }
    }

    private static func configKey(_ name: String) -> AbsoluteConfigKey {
        AbsoluteConfigKey(name.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    private static func flatten(
        _ value: PreferenceValue,
        at key: AbsoluteConfigKey,
        isSecret: Bool,
        into result: inout [AbsoluteConfigKey: ConfigValue]
    ) {
        if case .dictionary(let members) = value {
            for (member, memberValue) in members {
                flatten(
                    memberValue, at: AbsoluteConfigKey(key.components + [member]), isSecret: isSecret, into: &result)
            }
        } else if let content = content(of: value) {
            result[key] = ConfigValue(content, isSecret: isSecret)
        }
    }

    /// The payloads of `contents` when every one of them has the kind `extract` picks out.
    private static func all<Element>(_ contents: [ConfigContent], _ extract: (ConfigContent) -> Element?) -> [Element]?
    {
        let elements = contents.compactMap(extract)
        return elements.count == contents.count ? elements : nil
    }

    private static func content(of value: PreferenceValue) -> ConfigContent? {
        switch value {
        case .bool(let bool): return .bool(bool)
        case .integer(let integer): return Int(exactly: integer).map(ConfigContent.int) ?? .string("\(integer)")
        case .unsignedInteger(let integer): return .string("\(integer)")
        case .double(let double): return .double(double)
        case .string(let string): return .string(string)
        case .data(let data): return .bytes(Array(data))
        case .date(let date): return .string(PreferenceDateFormat.string(from: date))
        case .array(let elements):
            let scalars = elements.compactMap(content(of:))
            guard scalars.count == elements.count else { return nil }
            return all(scalars) { if case .string(let value) = $0 { value } else { nil } }.map(
                ConfigContent.stringArray)
                ?? all(scalars) { if case .int(let value) = $0 { value } else { nil } }.map(ConfigContent.intArray)
                ?? all(scalars) { if case .double(let value) = $0 { value } else { nil } }.map(
                    ConfigContent.doubleArray)
                ?? all(scalars) { if case .bool(let value) = $0 { value } else { nil } }.map(ConfigContent.boolArray)
        case .dictionary: return nil
        }
    }
}
