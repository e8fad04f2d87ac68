internal import Logging

extension StoreLink {
    /// Writes keys for a container: every container of the store sees them before this returns, and the store
    /// receives them behind the caller, on the link's queue, coalesced with the writes made meanwhile.
    ///
    /// - Parameters:
    ///   - changes: New stored values by name; nil removes a key.
    ///   - written: The writing container's typed value, cached without decoding.
    /// - Returns: The failure count before the write, for ``failure(of:since:)``.
    @discardableResult
    func write(_ changes: PreferenceStoreChanges, written: LocalWrite? = nil) -> UInt64 {
        let (scheduleDrain, failuresBefore) = transition(written: written) { state in
            let failuresBefore = state.failureCount
            let (update, scheduleDrain) = state.write(changes)
            return (update, (scheduleDrain, failuresBefore))
        }
        if scheduleDrain { writer.async { self.drain() } }
        return failuresBefore
    }

    /// Writes one key for a container, as ``write(_:written:)`` does.
    ///
    /// - Returns: The failure count before the write, for ``failure(of:since:)``.
    @usableFromInline @discardableResult
    func write(name: String, value: PreferenceValue?, written: LocalWrite) -> UInt64 {
        let (scheduleDrain, failuresBefore) = transition(written: written) { state in
            let failuresBefore = state.failureCount
            let (update, scheduleDrain) = state.write(name: name, value: value)
            return (update, (scheduleDrain, failuresBefore))
        }
        if scheduleDrain { writer.async { self.drain() } }
        return failuresBefore
    }

    /// Hands every pending write to the store, batch after batch, with this link's origin. Runs on the writer queue.
    func drain() {
        while let batch = state.withLock({ $0.takeBatch() }) {
            var failure: LinkFailure?
            do {
                try PreferenceWriteOrigin.$current.withValue(origin) { try store.write(batch) }
            } catch {
                failure = LinkFailure(keys: Array(batch.keys), underlying: error)
                let reason = SecretRedaction.text(of: error, isSecret: batch.keys.contains(where: isSecret))
                logger.error(
                    "Prefs: could not write \(batch.keys.sorted()) to their store: \(reason); reverting to the stored values"
                )
            }
            let readBack = state.withLock { $0.batchFinished(failure: failure) }
            if !readBack.isEmpty { self.readBack(readBack) }
        }
    }

    /// Returns once every write made before the call has reached the store.
    func drainNow() {
        writer.sync { drain() }
    }

    /// The failure of a write made behind the caller to `name`, after the count `before`; it is then reported only
    /// here, not again by `flush()`.
    func failure(of name: String, since before: UInt64) -> LinkFailure? {
        state.withLock { state in
            guard state.failureCount > before else { return nil }
            let index = state.failures.lastIndex { $0.keys.contains(name) }
            return index.map { state.failures.remove(at: $0) }
        }
    }

    /// Drains the queue, flushes the store, and returns the failures of writes made behind the callers since the
    /// last flush (each reported once).
    ///
    /// - Throws: An error of the store's own flush.
    func flush() throws -> [LinkFailure] {
        try writer.sync {
            drain()
            try store.flush()
        }
        return state.withLock { state in
            defer { state.failures = [] }
            return state.failures
        }
    }

    /// Runs a store transaction with this link's origin, after the writes queued before it; the committed changes
    /// reach every container once it commits.
    ///
    /// - Parameter body: The store transaction's body; it returns its result.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` or the store throws; nothing is written then.
    func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        drainNow()
        state.withLock { $0.transactionStarted() }
        var committed: PreferenceStoreChanges?
        var number: UInt64?
        defer {
            let readBack = transition { state in
                let action = state.transactionEnded(committed: committed, number: number)
                return (action.update, action.readBack)
            }
            if !readBack.isEmpty { writer.async { self.readBack(readBack) } }
        }
        var changes: PreferenceStoreChanges = [:]
        let result = try PreferenceWriteOrigin.$current.withValue(origin) {
            try store.transaction { transaction in
                let result = try body(&transaction)
                changes = transaction.changes
                number = state.withLock { $0.transactionCommitting() }  // inside the store's lock: commit order
                return result
            }
        }
        committed = changes
        return result
    }
}
