/// Everything a container keeps under its lock, split by concern: the key paths it has bound, the cached stored
/// values (with their observers), observer bookkeeping, and the changes waiting to be handed to observers.
///
/// Its mutating methods are the container's transitions; each returns what the caller does once the lock is
/// released (deliver changes, read a store, log). They call no store and no observer, so they are tested without
/// threads (see `ContainerStateTests`).
@usableFromInline
struct ContainerState: Sendable {
    @usableFromInline var keys = KeyTable()
    /// The cached stored keys, by store and full stored name.
    private(set) var entries: [StoredKey: KeyEntry] = [:]
    /// The number of the last link update received, per store slot (the container's index of a store ID): a first
    /// read that started before it may have missed it.
    private(set) var lastSequence: [UInt64]
    var observers = ObserverRegistry()
    /// The ID the next cached entry gets (for its Observation key path).
    private var nextEntryID = 0
    var deliveries = DeliveryQueue<DeliveryItem>()

    /// An empty state for a container with `storeCount` store IDs.
    init(storeCount: Int) {
        lastSequence = Array(repeating: 0, count: storeCount)
    }

    /// The entry of a stored key, if the container caches it.
    func entry(_ storedKey: StoredKey) -> KeyEntry? { entries[storedKey] }

    /// Caches a stored key read at `sequence`, unless a link update newer than that read reached the container
    /// meanwhile (the read may have missed it) and `force` is false.
    ///
    /// - Returns: The entry (the one cached meanwhile by another thread, if any); nil when the read is stale.
    mutating func cache(
        _ storedKey: StoredKey,
        slot: Int,
        value: PreferenceValue?,
        sequence: UInt64,
        override: PreferenceOverride?,
        force: Bool
    ) -> KeyEntry? {
        if let existing = entries[storedKey] { return existing }
        guard force || lastSequence[slot] <= sequence else { return nil }
        let entry = KeyEntry(
            id: nextEntryID, storedKey: storedKey, value: value, sequence: sequence, override: override)
        nextEntryID += 1
        entries[storedKey] = entry
        return entry
    }

    /// Applies a link update to the keys it names and queues the deliveries.
    ///
    /// - Parameters:
    ///   - update: The new stored values and their sequence number.
    ///   - storeID: The ID under which this container binds the link's store.
    ///   - slot: The container's index of that store ID.
    ///   - written: The typed value of this container's own write, if the update is one.
    ///   - keyPrefix: The container's key prefix (names outside it are not this container's keys).
    /// - Returns: Whether the caller must now deliver (``DeliveryQueue/claim()``), and the override that shadows a
    ///   local write, to report.
    mutating func apply(
        _ update: LinkState.Update,
        from storeID: PreferenceStoreID,
        slot: Int,
        written: LocalWrite?,
        keyPrefix: String
    ) -> (deliver: Bool, shadowedBy: PreferenceSource?) {
        lastSequence[slot] = max(lastSequence[slot], update.sequence)
        var shadowedBy: PreferenceSource?
        update.forEach { name, value in
            // A local write names its entry; other updates are found by name.
            let writtenEntry = written.map(\.binding.entry).flatMap {
                $0.storedKey.name == name && $0.storedKey.storeID == storeID ? $0 : nil
            }
            guard let entry = writtenEntry ?? entries[StoredKey(storeID: storeID, name: name)] else {
                if !observers.keyNameObservers.isEmpty, name.hasPrefix(keyPrefix) { deliveries.append(.name(name)) }
                return
            }
            if written != nil, let override = entry.override { shadowedBy = override.source }
            if let item = change(entry, to: value, sequence: update.sequence, written: written) {
                deliveries.append(item)
            }
        }
        return (deliveries.claim(), shadowedBy)
    }

    /// Sets a cached key's stored value as of `sequence` (an older sequence changes nothing); returns the delivery
    /// for its observers, or nil when readers see no change.
    ///
    /// Readers see no change when the stored value is the same (``PreferenceValue/==(_:_:)``), when an override
    /// shadows it, or when a missing value stands for the default that the other side holds, for every key path
    /// bound to the key (``KeyBinding/visibleStoredForm(_:usedDefault:)``): the store is still written then, but
    /// nobody is woken.
    mutating func change(
        _ entry: KeyEntry,
        to newValue: PreferenceValue?,
        sequence: UInt64,
        written: LocalWrite? = nil
    ) -> DeliveryItem? {
        guard sequence >= entry.sequence else { return nil }
        entry.sequence = sequence
        guard entry.value != newValue else { return nil }
        let old = entry.value
        entry.value = newValue
        guard entry.override == nil else { return nil }  // readers see the override, which did not change
        var oldDecoded: [ObjectIdentifier: (box: any AnyObject & Sendable, usedDefault: Bool)] = [:]
        for binding in entry.bindings {
            if let decoded = binding.decoded, !entry.observers.isEmpty {
                oldDecoded[ObjectIdentifier(binding)] = (decoded, binding.decodedUsedDefault)
            }
            if let written, written.binding === binding {
                binding.decoded = written.decoded
            } else {
                binding.decoded = nil
            }
            binding.decodedUsedDefault = false
        }
        let unchangedForReaders =
            (old == nil || newValue == nil) && !entry.bindings.isEmpty
            && entry.bindings.allSatisfy {
                $0.visibleStoredForm(old, usedDefault: false) == $0.visibleStoredForm(newValue, usedDefault: false)
            }
        if unchangedForReaders { return nil }
        if entry.observers.isEmpty { return .tracked(entry) }
        return .key(
            Delivery(
                entry: entry, sequence: sequence, old: old, new: newValue, oldDecoded: oldDecoded, written: written,
                observers: Array(entry.observers.values)
            ))
    }
}
