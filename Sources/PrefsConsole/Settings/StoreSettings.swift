public import Prefs
public import PrefsEditors

/// A store's keys as a JSON Schema describes them, as `prefs serve` serves a file or a namespace: the schema decides
/// each key's editor, and checks each value; without a schema (``untyped(store:title:)``) every stored key is shown
/// as JSON and none is known to be secret.
public final class StoreSettings: ConsoleSettings {
    /// The file or namespace, for the page's title.
    public let title: String
    /// The store.
    public let store: any PreferenceStore
    private let editors: [PreferenceEditor]?
    private let broadcast = KeyNameBroadcast()
    private let observation: PreferenceObservationToken

    /// The settings of a store whose keys a schema describes; keys the schema does not name are not shown (one of
    /// them could be a secret the schema would have said so of).
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - editors: The editors of the schema's keys (`PreferenceEditor.editors(fromSchema:)`).
    ///   - title: The file or namespace.
    public convenience init(store: any PreferenceStore, editors: [PreferenceEditor], title: String) {
        self.init(store: store, optionalEditors: editors, title: title)
    }

    /// The settings of a store about which nothing is known: every stored key, edited as JSON, none secret.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - title: The file or namespace.
    /// - Returns: The settings.
    public static func untyped(store: any PreferenceStore, title: String) -> StoreSettings {
        StoreSettings(store: store, optionalEditors: nil, title: title)
    }

    private init(store: any PreferenceStore, optionalEditors: [PreferenceEditor]?, title: String) {
        self.store = store
        self.editors = optionalEditors
        self.title = title
        let broadcast = broadcast
        self.observation = store.observeChanges { change in broadcast.send(change.keys) }
    }

    deinit { observation.cancel() }

    /// Every key with its stored value, or its default when the store has none.
    ///
    /// - Returns: The keys' states.
    /// - Throws: The store's error.
    public func keys() throws -> [ConsoleKeyState] {
        let editors = try self.editors ?? store.keys().sorted().map { PreferenceEditor.untyped(name: $0) }
        return try editors.map { editor in
            let stored = try store.value(forKey: editor.name)
            let source = stored != nil ? "the store" : editor.defaultValue != nil ? "the default value" : "not set"
            return ConsoleKeyState(
                editor: editor, value: stored ?? editor.defaultValue, source: source, isStored: stored != nil)
        }
    }

    /// Writes one key to the store, with `reason` bound as the write's `PreferenceWriteReason`.
    ///
    /// - Parameters:
    ///   - value: The new value, or nil to remove it.
    ///   - key: The key's stored name.
    ///   - reason: Why.
    /// - Throws: ``ConsoleError`` for a key the schema does not name, or the store's error.
    public func write(_ value: PreferenceValue?, to key: String, reason: PreferenceWriteReason?) throws {
        if let editors, !editors.contains(where: { $0.name == key }) {
            throw ConsoleError(.notFound, "the schema names no key '\(key)'")
        }
        try PreferenceWriteReason.$current.withValue(reason) {
            try store.write([key: value])
            try store.flush()
        }
        broadcast.send([key])
    }

    /// The names of keys as they change: the store's reports of other writers, and this console's writes.
    ///
    /// - Returns: A sequence that ends when the consuming task is cancelled.
    public func changedKeys() -> AsyncStream<String> { broadcast.stream() }

    /// Tells the open ``changedKeys()`` sequences that keys changed, for a wrapper that writes around
    /// ``write(_:to:reason:)`` (a rollback).
    ///
    /// - Parameter keys: The keys' stored names.
    public func announce(_ keys: [String]) { broadcast.send(keys) }
}
