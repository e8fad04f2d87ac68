internal import Logging

extension Preferences {
    /// Removes the stored values of several keys at once, all or nothing, so that reads return their defaults.
    ///
    /// ```swift
    /// prefs.reset(\.theme, \.window, \.lastOpened)
    /// ```
    ///
    /// The keys are removed in one transaction per store: readers never see some of them reset and others not,
    /// and each changed key's observers hear it once. If a store cannot run the transaction, the failure is
    /// reported through the logger and the keys are reset as
    /// ``reset(_:)-(KeyPath<PreferenceKeys,PreferenceKeys.Key<Value>>)`` does, behind the caller.
    ///
    /// - Parameters:
    ///   - first: A key.
    ///   - second: Another key.
    ///   - others: More keys.
    public func reset<First, Second, each Other>(
        _ first: KeyPath<PreferenceKeys, PreferenceKeys.Key<First>>,
        _ second: KeyPath<PreferenceKeys, PreferenceKeys.Key<Second>>,
        _ others: repeat KeyPath<PreferenceKeys, PreferenceKeys.Key<each Other>>
    ) {
        var keys: [any ErasedKey] = [TypedKey(first), TypedKey(second)]
        repeat keys.append(TypedKey(each others))
        resetAtomically(keys)
    }

    /// Removes every value this container stores: every key under its ``keyPrefix``, declared or not, in every
    /// store or in the stores named, all or nothing (Defaults' `removeAll`).
    ///
    /// ```swift
    /// try prefs.resetAll()                   // every store of the container
    /// try prefs.resetAll(in: [.appGroup])    // one store
    /// ```
    ///
    /// Each store's keys are listed and removed inside one transaction of that store (for a file, under its
    /// cross-process lock), so a value written meanwhile by another process is removed too or survives whole.
    /// Keys outside the prefix (another container's, with another prefix) and the record of migrations that ran
    /// (``migrationRecordName``) are kept. Each changed key's observers hear it once.
    ///
    /// - Parameter storeIDs: The stores to clear; nil (the default) clears every store of the container.
    /// - Throws: An error of a store; nothing is removed from that store then.
    public func resetAll(in storeIDs: Set<PreferenceStoreID>? = nil) throws {
        let ids = (storeIDs.map(Array.init) ?? self.storeIDs.map(\.id)).sorted { $0.name < $1.name }
        let record = keyPrefix + Self.migrationRecordName
        try runTransaction(on: ids) { transaction in
            for id in ids {
                for name in try store(id).keys() where name.hasPrefix(keyPrefix) && name != record {
                    transaction.setValue(nil, named: String(name.dropFirst(keyPrefix.count)), in: id)
                }
            }
        }
    }

    /// Resets keys in one transaction per store; when that fails, reports it and resets them one by one, behind the
    /// caller.
    private func resetAtomically(_ keys: [any ErasedKey]) {
        let storeIDs = Set(keys.map(\.storeID)).sorted { $0.name < $1.name }
        do {
            try runTransaction(on: storeIDs) { transaction in
                for key in keys { transaction.setValue(nil, named: key.name, in: key.storeID) }
            }
        } catch {
            logger.error("Prefs: could not reset \(keys.count) keys atomically: \(error); resetting them one by one")
            for key in keys { key.reset(in: self) }
        }
    }
}
