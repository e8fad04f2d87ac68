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
    /// The transaction of each of the container's links (``Preferences/links``) that the transaction covers.
    var storeTransactions: [PreferenceStoreTransaction?]
    /// The first error met by a read or write; it aborts the transaction.
    var failure: (any Error)?

    /// Reads or changes a key within the transaction.
    ///
    /// - Parameter keyPath: The key.
    public subscript<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> Value {
        mutating get {
            let key = PreferenceKeys()[keyPath: keyPath]
            return key.decode(value(named: key.name, in: key.storeID)).value
        }
        set {
            let key = PreferenceKeys()[keyPath: keyPath]
            do {
                setValue(try key.encodeValue(newValue), named: key.name, in: key.storeID)
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
        do {
            return try storeTransactions[index(of: store, for: name)]!.value(forKey: prefs.keyPrefix + name)
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
        storeTransactions[index(of: store, for: name)]!.setValue(value, forKey: prefs.keyPrefix + name)
    }

    /// The index of the transaction of a key's store: a store object bound under several IDs has one transaction.
    private func index(of store: PreferenceStoreID, for name: String) -> Int {
        let index = prefs.slot(store, for: prefs.keyPrefix + name)  // a store the container lacks: a clear message
        precondition(storeTransactions[index] != nil, "Prefs: store '\(store)' is not part of this transaction")
        return index
    }
}

/// The former name of ``PreferenceKeysTransaction``.
@available(*, deprecated, renamed: "PreferenceKeysTransaction")
public typealias PreferencesTransaction = PreferenceKeysTransaction
