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
    public func transaction<Result>(_ body: (inout PreferenceKeysTransaction) throws -> Result) throws -> Result {
        try runTransaction(on: storeIDs.map(\.id), body)
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
        let storeID = PreferenceKeys()[keyPath: keyPath].storeID
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
            let key = PreferenceKeys()[keyPath: keyPath]
            let reason = SecretRedaction.text(of: error, isSecret: key.isSecret)
            logger.error("Prefs: could not update '\(key.name)' atomically: \(reason)")
            var value = self[keyPath]
            let result = try body(&value)
            self[keyPath] = value
            return result
        }
    }

    /// Runs `body` inside one transaction of each store (each store object once, in a stable order), with the
    /// link's origin; the committed changes reach every container of each store when it commits.
    func runTransaction<Result>(
        on storeIDs: [PreferenceStoreID],
        _ body: (inout PreferenceKeysTransaction) throws -> Result
    ) throws -> Result {
        // A store the container lacks: a programmer error with a message.
        let indexes = Set(storeIDs.map { slot($0) }).sorted()
        var transactions: [PreferenceStoreTransaction?] = Array(repeating: nil, count: links.count)
        return try nest(indexes[...], &transactions) { transactions in
            var transaction = PreferenceKeysTransaction(prefs: self, storeTransactions: transactions)
            let result = try body(&transaction)
            if let failure = transaction.failure { throw failure }
            transactions = transaction.storeTransactions
            return result
        }
    }

    /// Opens one store transaction inside the other (by the index of its link), so the body runs inside all of them.
    private func nest<Result>(
        _ indexes: ArraySlice<Int>, _ transactions: inout [PreferenceStoreTransaction?],
        _ body: (inout [PreferenceStoreTransaction?]) throws -> Result
    ) throws -> Result {
        guard let index = indexes.first else { return try body(&transactions) }
        return try links[index].transaction { storeTransaction in
            transactions[index] = storeTransaction
            defer { storeTransaction = transactions[index]! }
            return try nest(indexes.dropFirst(), &transactions, body)
        }
    }
}
