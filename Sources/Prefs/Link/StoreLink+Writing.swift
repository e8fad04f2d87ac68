internal import Logging

extension StoreLink {
    /// Writes one key for a container: every container of the store sees it before this returns, and the store
    /// receives it behind the caller, on the link's queue, coalesced with the writes of the same reason made
    /// meanwhile (``PreferenceWriteReason/current`` is taken now, and bound again around the store call).
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - value: The new stored value; nil removes the key.
    ///   - written: The writing container's typed value, cached without decoding.
    ///   - writer: The writing container.
    /// - Returns: The failure count before the write, for ``failure(of:since:)``.
    @usableFromInline @discardableResult
    func write(name: String, value: PreferenceValue?, written: LocalWrite, by writer: Preferences) -> UInt64 {
        let reason = PreferenceWriteReason.current
        let (scheduleDrain, failuresBefore) = transition(written: written, by: writer) { state in
            let failuresBefore = state.failureCount
            let (update, scheduleDrain) = state.write(name: name, value: value, reason: reason)
            return (update, (scheduleDrain, failuresBefore))
        }
        if scheduleDrain { self.scheduleDrain() }
        return failuresBefore
    }

    /// Hands every pending batch to the store, with this link's origin and the batch's reason. Runs on the queue.
    ///
    /// The origin is bound once for the whole drain, and a batch's reason only when it differs from the drain's:
    /// binding a task-local on a thread without a task allocates.
    func drain() {
        PreferenceWriteOrigin.$current.withValue(origin) {
            while let batch = shared.withLock({ $0.state.takeBatch() }) {
                let failed =
                    batch.reason == PreferenceWriteReason.current
                    ? write(batch.writes)
                    : PreferenceWriteReason.$current.withValue(batch.reason) { write(batch.writes) }
                let readBack = shared.withLock { $0.state.batchFinished(failed: failed) }
                // Observers woken by what is read back run without the link's origin, as in any other read back.
                if !readBack.isEmpty { PreferenceWriteOrigin.$current.withValue(nil) { self.readBack(readBack) } }
            }
        }
    }

    /// Writes a batch to the store (inside the drain, which binds the origin); when the store refuses it, writes it
    /// again in halves, so that a value the store cannot keep fails alone and the others are stored. Returns what the
    /// store refused, each reported once.
    private func write(_ writes: PreferenceStoreWrites) -> [LinkFailure] {
        do {
            try store.write(writes)
            return []
        } catch {
            guard writes.count > 1 else {
                let reason = SecretRedaction.text(of: error, isSecret: writes.keys.contains(where: isSecret))
                logger.error(
                    "Prefs: could not write \(writes.keys.sorted()) to their store: \(reason); reverting to the stored values"
                )
                return [LinkFailure(keys: Array(writes.keys), underlying: error)]
            }
            let names = writes.keys.sorted()
            let half = names.count / 2
            return write(writes.filter { names[..<half].contains($0.key) })
                + write(writes.filter { names[half...].contains($0.key) })
        }
    }

    /// Returns once every write made before the call has reached the store.
    func drainNow() {
        queue.sync { drain() }
    }

    /// The failure of a write made behind the caller to `name`, after the count `before`; it is then reported only
    /// here, not again by `flush()`.
    func failure(of name: String, since before: UInt64) -> LinkFailure? {
        shared.withLock { $0.state.takeFailure(of: name, since: before) }
    }

    /// Drains the queue, flushes the store, and returns the failures of writes made behind the callers since the
    /// last flush (each reported once).
    ///
    /// - Throws: An error of the store's own flush.
    func flush() throws -> [LinkFailure] {
        try queue.sync {
            drain()
            try store.flush()
        }
        return shared.withLock { $0.state.takeFailures() }
    }

    /// Runs a store transaction with this link's origin, after the writes queued before it; the committed changes
    /// reach every container once it commits.
    ///
    /// - Parameter body: The store transaction's body; it returns its result.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` or the store throws; nothing is written then.
    func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        drainNow()
        shared.withLock { $0.state.transactionStarted() }
        var committed: (changes: PreferenceStoreWrites, number: UInt64)?
        defer { scheduleReadBack(transition { $0.transactionEnded(committed: committed) }) }
        var changes: PreferenceStoreWrites = [:]
        var number: UInt64 = 0
        let result = try PreferenceWriteOrigin.$current.withValue(origin) {
            try store.transaction { transaction in
                let result = try body(&transaction)
                changes = transaction.changes
                number = shared.withLock { $0.state.transactionCommitting() }  // inside the store's lock: commit order
                return result
            }
        }
        committed = (changes, number)  // only once the store has committed
        return result
    }
}
