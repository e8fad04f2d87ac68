package import Prefs

extension PostgresPreferenceStore {
    /// Checks that PostgreSQL can hold a batch, as ``write(_:)`` checks it, without a store: for a caller that must
    /// refuse a value before it connects or creates anything (the `prefs` tool creates a namespace for `set` and
    /// `import`, and writes nothing on a failure).
    ///
    /// - Parameter changes: New values by key; nil removes a key.
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `unstorableValue`, naming the key: a NUL character, a key
    ///   name of more than 1,024 UTF-8 bytes, or a value the file format cannot carry.
    package static func checkStorable(_ changes: PreferenceStoreWrites) throws {
        try StoredValue.validate(changes)
    }
}
