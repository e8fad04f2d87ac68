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
        let resolved = resolve(keyPath)
        commit(resolved, nil, decodedValue: resolved.key.defaultValue)
    }

    /// Returns when every earlier write of this container is durable in its store.
    ///
    /// A normal process exit flushes too; call this where you must know that a value is saved.
    ///
    /// - Throws: The first ``PreferenceWriteError`` of a write made behind the caller since the last
    ///   flush, or an error of a store's own flush.
    public func flush() throws {
        try writer.sync {
            drainPendingWrites()
            for store in stores.values { try store.flush() }
            let failures = state.withLock { state in
                defer { state.failedWrites = [] }
                return state.failedWrites
            }
            if let failure = failures.first { throw failure }
        }
    }

    /// Encodes and commits a write; with `waitForStore`, hands it to the store before returning.
    func write<Value>(_ resolved: ResolvedKey<Value>, _ value: Value, waitForStore: Bool) throws {
        let stored = try resolved.key.encodeValue(value)
        let failuresBefore = state.withLock { $0.failureCount }
        commit(resolved, stored, decodedValue: value)
        guard waitForStore else { return }
        // The write may be drained by a drain scheduled earlier; once this sync returns, it has been.
        _ = writer.sync { drainPendingWrites() }
        let failure = state.withLock { state -> PreferenceWriteError? in
            guard state.failureCount > failuresBefore else { return nil }
            let index = state.failedWrites.lastIndex {
                $0.storeID == resolved.storedKey.storeID && $0.keys.contains(resolved.storedKey.name)
            }
            return index.map { state.failedWrites.remove(at: $0) }  // reported here, not again by flush()
        }
        if let failure { throw failure }
    }

    /// Updates the cache, queues the write for the store and wakes the key's observers.
    private func commit<Value>(_ resolved: ResolvedKey<Value>, _ value: PreferenceValue?, decodedValue: Value) {
        let storedKey = resolved.storedKey
        var shadowingOverride: PreferenceSource?
        let scheduleDrain = state.withLock { state -> Bool in
            guard state.entries[storedKey]?.value != value else { return false }
            shadowingOverride = state.entries[storedKey]?.override?.source
            let delivery = state.applyChange(
                storedKey, to: value, decoded: (resolved.binding, DecodedValue(decodedValue))
            )
            if let delivery { state.deliveries.append(delivery) }
            state.pending[storedKey.storeID, default: [:]][storedKey.name] = .some(value)
            defer { state.isDrainScheduled = true }
            return !state.isDrainScheduled
        }
        if scheduleDrain { writer.async { self.drainPendingWrites() } }
        if let shadowingOverride {
            logger.notice(
                "Prefs: '\(storedKey)' was stored, but readers keep seeing the override from \(shadowingOverride)")
        }
        deliverQueuedChanges()
    }

    /// Hands every queued write to its store, one batch per store. A refused batch is recorded for
    /// the next `flush()`, and its keys go back to what the store holds.
    @discardableResult
    func drainPendingWrites() -> [PreferenceWriteError] {
        let batches = state.withLock { state in
            defer {
                state.pending = [:]
                state.isDrainScheduled = false
            }
            return state.pending
        }
        var failures: [PreferenceWriteError] = []
        for (storeID, changes) in batches where !changes.isEmpty {
            state.withLock { $0.batchInFlight = (storeID, Set(changes.keys)) }
            defer {
                state.withLock { state in
                    state.batchInFlight = nil
                    state.storeWriteCount &+= 1
                }
            }
            do {
                try stores[storeID]!.write(changes)
            } catch {
                let failure = PreferenceWriteError(storeID: storeID, keys: Array(changes.keys), underlying: error)
                logger.error("Prefs: \(failure); reverting to the stored values")
                failures.append(failure)
                state.withLock { state in
                    state.failedWrites.append(failure)
                    state.failureCount += 1
                }
                resynchronize(storeID, keys: Set(changes.keys))
            }
        }
        return failures
    }

    /// Hands queued changes to observers, outside every lock and in the order they were made.
    ///
    /// One thread at a time delivers; a change made while another thread delivers (an observer that
    /// writes, say) is delivered by that thread after the current observer returns.
    func deliverQueuedChanges() {
        let becameDeliverer = state.withLock { state -> Bool in
            guard !state.isDelivering, !state.deliveries.isEmpty else { return false }
            state.isDelivering = true
            return true
        }
        guard becameDeliverer else { return }
        while true {
            let batch = state.withLock { state -> [Delivery] in
                defer { state.deliveries = [] }
                if state.deliveries.isEmpty { state.isDelivering = false }
                return state.deliveries
            }
            if batch.isEmpty { return }
            let keyObservers = state.withLock { Array($0.keyObservers.values) }
            for delivery in batch {
                observationRegistrar.willSet(self, keyPath: delivery.observationKeyPath)
                observationRegistrar.didSet(self, keyPath: delivery.observationKeyPath)
                for observer in delivery.observers { observer.notify(delivery.old, delivery.new) }
                if !keyObservers.isEmpty, delivery.storedKey.name.hasPrefix(keyPrefix) {
                    let name = PreferenceValue.string(String(delivery.storedKey.name.dropFirst(keyPrefix.count)))
                    for observer in keyObservers { observer.notify(nil, name) }
                }
            }
        }
    }
}
