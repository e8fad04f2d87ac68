/// One atomic read-modify-write on a ``PreferenceStore``: reads see the changes made so far, and the
/// store applies ``changes`` as one write when the transaction ends.
public struct PreferenceStoreTransaction {
    private let readStored: (String) throws -> PreferenceValue?
    /// The changes recorded so far: a new value per key, or nil for a removal.
    public private(set) var changes: PreferenceStoreWrites = [:]

    /// Creates a transaction that reads values it has not changed through `read`.
    ///
    /// - Parameter read: Reads the value currently stored under a key, inside the store's isolation.
    public init(read: @escaping (String) throws -> PreferenceValue?) {
        self.readStored = read
    }

    /// Returns the value of a key as this transaction sees it: its own change, else the stored value.
    ///
    /// - Parameter key: The stored name.
    /// - Returns: The value, or nil when the key has none.
    /// - Throws: An error of the store.
    public func value(forKey key: String) throws -> PreferenceValue? {
        if let changed = changes[key] { return changed }
        return try readStored(key)
    }

    /// Records a new value for a key, or its removal.
    ///
    /// - Parameters:
    ///   - value: The new value; nil removes the key.
    ///   - key: The stored name.
    public mutating func setValue(_ value: PreferenceValue?, forKey key: String) {
        changes[key] = .some(value)
    }
}
