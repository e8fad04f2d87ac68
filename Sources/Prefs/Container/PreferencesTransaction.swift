/// The keys of a container inside ``Preferences/transaction(_:)``: reads see the transaction's own
/// changes, and the changes are applied all together when the transaction ends.
///
/// ```swift
/// try prefs.transaction { tx in
///     tx[\.theme] = .dark
///     tx[\.window] = frame
/// }
/// ```
public struct PreferencesTransaction {
    let prefs: Preferences
    var storeTransactions: [PreferenceStoreID: PreferenceStoreTransaction]
    /// The first error met by a read or write; it aborts the transaction.
    var failure: (any Error)?

    /// Reads or changes a key within the transaction.
    ///
    /// - Parameter keyPath: The key.
    public subscript<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> Value {
        mutating get {
            let key = PreferenceKeys()[keyPath: keyPath]
            let storedKey = prefs.storedKey(for: key)
            do {
                return key.decodedOrDefault(try transaction(for: storedKey).value(forKey: storedKey.name))
            } catch {
                if failure == nil { failure = error }
                return key.defaultValue
            }
        }
        set {
            let key = PreferenceKeys()[keyPath: keyPath]
            let storedKey = prefs.storedKey(for: key)
            do {
                let stored = try key.encodeValue(newValue)
                storeTransactions[storedKey.storeID]!.setValue(stored, forKey: storedKey.name)
            } catch {
                if failure == nil { failure = error }
            }
        }
    }

    /// Removes the stored value of a key within the transaction.
    ///
    /// - Parameter keyPath: The key.
    public mutating func reset<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) {
        let storedKey = prefs.storedKey(for: PreferenceKeys()[keyPath: keyPath])
        storeTransactions[storedKey.storeID]!.setValue(nil, forKey: storedKey.name)
    }

    /// Reads a value by its stored name (without the container's prefix), for keys that are no longer
    /// declared; a migration step's way to reach old data.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - store: The store.
    /// - Returns: The stored value, or nil.
    public mutating func value(named name: String, in store: PreferenceStoreID = .default) -> PreferenceValue? {
        let storedKey = StoredKey(storeID: store, name: prefs.keyPrefix + name)
        do {
            return try transaction(for: storedKey).value(forKey: storedKey.name)
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    /// Writes or removes a value by its stored name (without the container's prefix).
    ///
    /// - Parameters:
    ///   - value: The new value; nil removes it.
    ///   - name: The stored name.
    ///   - store: The store.
    public mutating func setValue(_ value: PreferenceValue?, named name: String, in store: PreferenceStoreID = .default)
    {
        let storedKey = StoredKey(storeID: store, name: prefs.keyPrefix + name)
        _ = transaction(for: storedKey)
        storeTransactions[store]!.setValue(value, forKey: storedKey.name)
    }

    private func transaction(for storedKey: StoredKey) -> PreferenceStoreTransaction {
        guard let transaction = storeTransactions[storedKey.storeID] else {
            _ = prefs.store(for: storedKey)  // a store the container lacks: a programmer error with a message
            preconditionFailure("Prefs: store '\(storedKey.storeID)' is not part of this transaction")
        }
        return transaction
    }
}

extension Preferences {
    /// Where a key lives in this container's stores.
    func storedKey<Value>(for key: PreferenceKeys.Key<Value>) -> StoredKey {
        StoredKey(storeID: key.storeID, name: keyPrefix + key.name)
    }
}
