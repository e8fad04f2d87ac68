internal import Logging

extension Preferences {
    /// Writes a value and waits until its store has accepted it.
    ///
    /// Unlike the subscript, which writes behind the caller and reports failures through the logger,
    /// this hands the value to the store before it returns and throws what the store throws; the
    /// cache then goes back to what the store holds.
    ///
    /// - Parameters:
    ///   - keyPath: The key.
    ///   - value: The new value; nil removes an optional key's stored value.
    /// - Throws: An error from the key's codec, or a ``PreferenceWriteError``.
    public func set<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>, _ value: Value) throws {
        try write(resolve(keyPath), value, waitForStore: true)
    }

    /// Removes the stored value of a key, so that reads return its default again.
    ///
    /// - Parameter keyPath: The key.
    public func reset<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) {
        let binding = resolve(keyPath)
        let entry = binding.entry
        guard state.withLock({ _ in entry.value != nil }) else { return }
        let written = LocalWrite(
            containerID: ObjectIdentifier(self), binding: binding, decoded: DecodedValue(binding.key.defaultValue))
        binding.link.write(name: entry.storedKey.name, value: nil, written: written)
    }

    /// Returns when every earlier write of this container is durable in its store.
    ///
    /// A normal process exit flushes too; call this where you must know that a value is saved.
    ///
    /// - Throws: The first ``PreferenceWriteError`` of a write made behind the caller since the last
    ///   flush, or an error of a store's own flush.
    public func flush() throws {
        var failures: [PreferenceWriteError] = []
        for (link, storeIDs) in linkGroups {
            failures += try link.flush().map {
                PreferenceWriteError(storeID: storeIDs[0], keys: $0.keys, underlying: $0.underlying)
            }
        }
        if let failure = failures.first { throw failure }
    }

    /// Encodes and commits a write; with `waitForStore`, hands it to the store before returning and throws its
    /// failure. Inlinable: specialized in the caller, nothing in it looks up generic type metadata at run time.
    @inlinable
    func write<Value>(_ binding: TypedKeyBinding<Value>, _ value: Value, waitForStore: Bool) throws {
        let stored = try binding.key.encodeValue(value)
        let entry = binding.entry
        // A write of the value already cached does nothing.
        guard state.withLock({ _ in entry.value != stored }) else { return }
        let written = LocalWrite(containerID: ObjectIdentifier(self), binding: binding, decoded: DecodedValue(value))
        let failuresBefore = binding.link.write(name: entry.storedKey.name, value: stored, written: written)
        if waitForStore { try waitForStoreWrite(of: binding, failuresBefore: failuresBefore) }
    }

    /// Waits until a write of the key has reached its store, and throws its failure.
    @usableFromInline
    func waitForStoreWrite(of binding: KeyBinding, failuresBefore: UInt64) throws {
        let storedKey = binding.storedKey
        binding.link.drainNow()
        if let failure = binding.link.failure(of: storedKey.name, since: failuresBefore) {
            throw PreferenceWriteError(storeID: storedKey.storeID, keys: failure.keys, underlying: failure.underlying)
        }
    }
}
