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
    /// - Returns: The number of the batch that holds the write, for ``failure(of:inBatch:)``.
    @usableFromInline @discardableResult
    func write(name: String, value: PreferenceValue?, written: LocalWrite, by writer: Preferences) -> UInt64 {
        let reason = PreferenceWriteReason.current
        let (scheduleDrain, batch) = transition(written: written, by: writer) { state in
            let (update, scheduleDrain, batch) = state.write(name: name, value: value, reason: reason)
            return (update, (scheduleDrain, batch))
        }
        if scheduleDrain { self.scheduleDrain() }
        return batch
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

    /// The failure of a write of `name` in the batch numbered `batch`; it is then reported only here, not again by
    /// `flush()`.
    func failure(of name: String, inBatch batch: UInt64) -> LinkFailure? {
        shared.withLock { $0.state.takeFailure(of: name, inBatch: batch) }
    }

    /// Drains the queue and flushes the store.
    ///
    /// - Returns: The failures of writes made behind the callers since the last flush (each reported once), and an
    ///   error of the store's own flush.
    func flush() -> (failures: [LinkFailure], storeFailure: (any Error)?) {
        var storeFailure: (any Error)?
        queue.sync {
            drain()
            do { try store.flush() } catch { storeFailure = error }
        }
        return (shared.withLock { $0.state.takeFailures() }, storeFailure)
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
        var committed: LinkState.Commit?
        defer { scheduleReadBack(transition { $0.transactionEnded(committed: committed) }) }
        var commit: LinkState.Commit?
        let result = try PreferenceWriteOrigin.$current.withValue(origin) {
            try store.transaction { transaction in
                let result = try body(&transaction)
                // Inside the store's lock: in commit order, and before the writes that wait for the lock.
                commit = shared.withLock { $0.state.transactionCommitting(transaction.changes) }
                return result
            }
        }
        committed = commit  // only once the store has committed
        return result
    }
}
