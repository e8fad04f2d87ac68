/// One report of changes to a store's contents, as a store hands it to its ``PreferenceStore/observeChanges(_:)``
/// handlers.
///
/// A store that knows the new values reports them (``init(values:origin:)``): a container then applies them
/// without reading the store again. A store that only knows which keys changed reports their names
/// (``init(keys:origin:)``) and the container reads them back.
public struct PreferenceStoreChange: Sendable, Equatable {
    /// The new stored value of each changed key whose value the report carries; nil for a removed key.
    public var values: PreferenceStoreWrites
    /// Changed keys whose new values the report does not carry: a container reads them with
    /// ``PreferenceStore/value(forKey:)``.
    public var keysWithoutValues: Set<String>
    /// Who made the change: ``PreferenceWriteOrigin/current`` during the write or transaction that made it, or nil
    /// for anyone else (another process, a direct call on the backing system, an edit of a file).
    public var origin: PreferenceWriteOrigin?

    /// A report that carries the new values.
    ///
    /// - Parameters:
    ///   - values: The new stored value of each changed key; nil for a removed key.
    ///   - origin: ``PreferenceWriteOrigin/current`` of the write that made the changes, or nil.
    public init(values: PreferenceStoreWrites, origin: PreferenceWriteOrigin? = nil) {
        self.values = values
        self.keysWithoutValues = []
        self.origin = origin
    }

    /// A report of changed keys whose new values the store does not know.
    ///
    /// - Parameters:
    ///   - keys: The changed keys.
    ///   - origin: ``PreferenceWriteOrigin/current`` of the write that made the changes, or nil.
    public init(keys: Set<String>, origin: PreferenceWriteOrigin? = nil) {
        self.values = [:]
        self.keysWithoutValues = keys
        self.origin = origin
    }

    /// Every changed key, with or without its value.
    public var keys: Set<String> { keysWithoutValues.union(values.keys) }

    /// Whether the report names no key.
    public var isEmpty: Bool { values.isEmpty && keysWithoutValues.isEmpty }

}
