public import Prefs
internal import PrefsEditors

/// An app's declared keys in its container, as `PrefsConsoleCommand` serves them: each value read as the app reads
/// it (override layers, store, default), each write checked by decoding it as the key's type and made through the
/// container, so the app's own observers see it.
public struct DeclaredSettings: ConsoleSettings {
    /// The app's name, for the page's title.
    public let title: String
    private let declared: [(key: AnyPreferenceKey, editor: PreferenceEditor)]
    private let preferences: Preferences

    /// The settings of declared keys.
    ///
    /// - Parameters:
    ///   - keys: The keys, in the order the page lists them.
    ///   - preferences: The container they live in.
    ///   - title: The app's name.
    public init(keys: [AnyPreferenceKey], preferences: Preferences, title: String) {
        self.declared = keys.map { ($0, PreferenceEditor(key: $0)) }
        self.preferences = preferences
        self.title = title
    }

    /// Every declared key with its current value and source.
    ///
    /// - Returns: The keys' states.
    public func keys() -> [ConsoleKeyState] {
        declared.map { key, editor in
            let source = preferences.source(of: key)
            let isStored = if case .store = source { true } else { false }
            return ConsoleKeyState(
                editor: editor, value: preferences.currentValue(of: key), source: source.description,
                isStored: isStored)
        }
    }

    /// Writes a key through the container and waits until its store has it.
    ///
    /// - Parameters:
    ///   - value: The new value, or nil to reset the key.
    ///   - key: The key's stored name.
    ///   - reason: Why.
    /// - Throws: ``ConsoleError`` for an unknown key, or the container's error.
    public func write(_ value: PreferenceValue?, to key: String, reason: PreferenceWriteReason?) throws {
        guard let declared = declared.first(where: { $0.key.name == key })?.key else {
            throw ConsoleError(.notFound, "no key named '\(key)' is declared")
        }
        try PreferenceWriteReason.$current.withValue(reason) {
            if let value { try preferences.set(value, for: declared) } else { preferences.reset(declared) }
            try preferences.flush()
        }
    }

    /// The names of declared keys as they change.
    ///
    /// - Returns: The container's `Preferences.changedKeys()`.
    public func changedKeys() -> AsyncStream<String> { preferences.changedKeys() }
}
