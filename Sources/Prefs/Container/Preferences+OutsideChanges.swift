internal import Logging

extension Preferences {
    /// Brings cached keys in line with what a store holds, after the store reported changes (or
    /// refused a write). Runs on the writer queue, so it never overtakes this container's own writes;
    /// a key with a local write still waiting keeps that write, which will reach the store later.
    func resynchronize(_ storeID: PreferenceStoreID, keys: Set<String>) {
        let store = stores[storeID]!
        let cachedKeys = state.withLock { state -> [StoredKey] in
            state.outsideChangeCount &+= 1
            let changed = keys.map { StoredKey(storeID: storeID, name: $0) }.filter { !state.hasPendingWrite($0) }
            guard state.keyObservers.isEmpty else {
                // Someone watches every key: start caching the unknown ones, so they can be compared.
                for storedKey in changed where state.entries[storedKey] == nil {
                    state.entries[storedKey] = StoredEntry(
                        value: nil, observationKeyPath: \Preferences.[observing: storedKey]
                    )
                }
                return changed
            }
            return changed.filter { state.entries[$0] != nil }
        }
        guard !cachedKeys.isEmpty else { return }
        var current: [(StoredKey, PreferenceValue?)] = []
        for storedKey in cachedKeys {
            do {
                current.append((storedKey, try store.value(forKey: storedKey.name)))
            } catch {
                logger.error("Prefs: could not read '\(storedKey)' after an outside change: \(error)")
            }
        }
        state.withLock { state in
            for (storedKey, value) in current where !state.hasPendingWrite(storedKey) {
                if let delivery = state.applyChange(storedKey, to: value) { state.deliveries.append(delivery) }
            }
        }
        deliverQueuedChanges()
    }
}
