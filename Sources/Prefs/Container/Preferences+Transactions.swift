internal import Logging

extension Preferences {
    /// Changes several keys all or nothing.
    ///
    /// ```swift
    /// try prefs.transaction { tx in
    ///     tx[\.theme] = .dark
    ///     tx[\.window] = frame
    /// }
    /// ```
    ///
    /// The body reads current values from the stores, inside each store's own isolation (for a file
    /// store, under its cross-process lock), and its changes are written as one write per store.
    /// Readers never see half of it; each changed key's observers hear it once, after it commits. If
    /// the body throws, nothing is written. The body runs while the stores hold their locks: keep it
    /// short, and do not call ``flush()`` from it.
    ///
    /// - Parameter body: Reads and changes keys through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a codec error, or a store error; nothing is written then.
    public func transaction<Result>(_ body: (inout PreferencesTransaction) throws -> Result) throws -> Result {
        try runTransaction(on: stores.keys.sorted { $0.name < $1.name }, body)
    }

    /// Atomically reads, changes and writes one key: no concurrent update is lost, also across
    /// processes where the store supports it.
    ///
    /// ```swift
    /// prefs.update(\.launchCount) { $0 += 1 }
    /// ```
    ///
    /// If the store cannot run the update, it is reported through the logger and applied to the
    /// cached value instead, written behind like a subscript write.
    ///
    /// - Parameters:
    ///   - keyPath: The key.
    ///   - body: Changes the value in place.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the key is left unchanged then.
    @discardableResult
    public func update<Value, Result, Failure: Error>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let storeID = resolve(keyPath).storedKey.storeID
        var bodyFailure: Failure?
        do {
            return try runTransaction(on: [storeID]) { transaction in
                do throws(Failure) {
                    return try body(&transaction[keyPath])
                } catch {
                    bodyFailure = error
                    throw error
                }
            }
        } catch {
            if let bodyFailure { throw bodyFailure }
            logger.error("Prefs: could not update '\(PreferenceKeys()[keyPath: keyPath].name)' atomically: \(error)")
            var value = self[keyPath]
            let result = try body(&value)
            self[keyPath] = value
            return result
        }
    }

    func runTransaction<Result>(
        on storeIDs: [PreferenceStoreID],
        _ body: (inout PreferencesTransaction) throws -> Result
    ) throws -> Result {
        try writer.sync {
            drainPendingWrites()
            var committed: [PreferenceStoreID: PreferenceStoreChanges] = [:]
            var transactions: [PreferenceStoreID: PreferenceStoreTransaction] = [:]
            let result = try nest(storeIDs[...], &transactions) { transactions in
                var transaction = PreferencesTransaction(prefs: self, storeTransactions: transactions)
                let result = try body(&transaction)
                if let failure = transaction.failure { throw failure }
                transactions = transaction.storeTransactions
                committed = transactions.mapValues(\.changes)
                return result
            }
            applyCommitted(committed)
            return result
        }
    }

    /// Opens one store transaction inside the other, so the body runs inside all of them.
    private func nest<Result>(
        _ storeIDs: ArraySlice<PreferenceStoreID>,
        _ transactions: inout [PreferenceStoreID: PreferenceStoreTransaction],
        _ body: (inout [PreferenceStoreID: PreferenceStoreTransaction]) throws -> Result
    ) throws -> Result {
        guard let storeID = storeIDs.first else { return try body(&transactions) }
        let store = store(for: StoredKey(storeID: storeID, name: ""))
        return try store.transaction { storeTransaction in
            transactions[storeID] = storeTransaction
            defer { storeTransaction = transactions[storeID]! }
            return try nest(storeIDs.dropFirst(), &transactions, body)
        }
    }

    /// Brings the cache in line with a committed transaction and wakes the changed keys' observers.
    private func applyCommitted(_ committed: [PreferenceStoreID: PreferenceStoreChanges]) {
        state.withLock { state in
            state.storeWriteCount &+= 1
            for (storeID, changes) in committed {
                for (name, value) in changes {
                    let storedKey = StoredKey(storeID: storeID, name: name)
                    guard !state.hasPendingWrite(storedKey) else { continue }
                    if let delivery = state.applyChange(storedKey, to: value) { state.deliveries.append(delivery) }
                }
            }
        }
        deliverQueuedChanges()
    }
}
