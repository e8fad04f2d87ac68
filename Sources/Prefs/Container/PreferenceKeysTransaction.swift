/// The keys of a container inside ``Preferences/transaction(_:)``: reads see the transaction's own
/// changes, and the changes are applied all together when the transaction ends.
///
/// It works on declared keys (key paths into ``PreferenceKeys``); a store's own transaction, which works on stored
/// names and values, is a ``PreferenceStoreTransaction``.
///
/// ```swift
/// try prefs.transaction { tx in
///     tx[\.theme] = .dark
///     tx[\.window] = frame
/// }
/// ```
public struct PreferenceKeysTransaction {
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
                return key.decode(try transaction(for: storedKey).value(forKey: storedKey.name)).value
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
                storeTransactions[transactionID(of: storedKey)]!.setValue(stored, forKey: storedKey.name)
            } catch {
                if failure == nil { failure = error }
            }
        }
    }

    /// Removes the stored value of a key within the transaction.
    ///
    /// - Parameter keyPath: The key.
    public mutating func reset<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) {
        let key = PreferenceKeys()[keyPath: keyPath]
        setValue(nil, named: key.name, in: key.storeID)
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
        storeTransactions[transactionID(of: storedKey)]!.setValue(value, forKey: storedKey.name)
    }

    private func transaction(for storedKey: StoredKey) -> PreferenceStoreTransaction {
        guard let transaction = storeTransactions[transactionID(of: storedKey)] else {
            _ = prefs.link(storedKey.storeID, for: storedKey.name)  // a store the container lacks: a clear message
            preconditionFailure("Prefs: store '\(storedKey.storeID)' is not part of this transaction")
        }
        return transaction
    }

    /// The ID under which the transaction holds the store of a key: a store object bound under several IDs has
    /// one transaction, under the first of them.
    private func transactionID(of storedKey: StoredKey) -> PreferenceStoreID {
        guard let slot = prefs.slotIndex(of: storedKey.storeID) else { return storedKey.storeID }
        let link = prefs.slots[slot].link
        return prefs.linkGroups.first { $0.link === link }?.storeIDs[0] ?? storedKey.storeID
    }
}

/// The former name of ``PreferenceKeysTransaction``.
@available(*, deprecated, renamed: "PreferenceKeysTransaction")
public typealias PreferencesTransaction = PreferenceKeysTransaction
