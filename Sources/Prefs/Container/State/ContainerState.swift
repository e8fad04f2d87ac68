/// Everything a container keeps under its lock: the key paths it has bound, the cached stored values, their observers
/// and the changes waiting to be handed to observers. Plain values in tables, found by index: no object per key is
/// edited under the lock.
///
/// Its methods are the container's transitions. Each takes an event (a read, a first read that finished reading
/// its store, a link update, an observer that comes or goes) and returns what the caller does once the lock is
/// released (decode and cache, deliver, tell Observation, log). They call no store, no observer and no decoder, so
/// they are tested by feeding them events (see `ContainerStateTests`).
@usableFromInline
struct ContainerState: Sendable {
    var keys = KeyTable()
    var bindings: [BindingRow] = []
    var entries: [EntryRow] = []
    /// Per store slot (the container's index of a store ID), the cached entries by stored name, tagged by 32 bits of
    /// the name's hash (the names stay in the entry rows).
    private var entryNames: [IndexTable<UInt32>]
    /// Per store slot, the number of the last link update received: a first read that started before it may have
    /// missed it.
    private var lastSequence: [UInt64]
    /// Per store slot, whether every read asks the store (``PreferenceStore/requiresReadThrough``).
    private let readsThrough: [Bool]
    /// The container's key prefix: names outside it are not this container's keys.
    private let keyPrefix: String
    /// The values of override layers that shadow stored keys, by entry (few keys have one).
    private var overrides: [EntryID: PreferenceOverride] = [:]
    /// How many times a cached stored value was assigned: a writer that saw the current count compared its new value
    /// with the cached one, which nothing has replaced since (a number per assignment, where sequence numbers repeat).
    private var valueChanges: UInt64 = 0
    private var anchors = ObservationAnchors()
    var observers = ObserverRegistry()
    var deliveries = DeliveryQueue<DeliveryItem>()

    /// An empty state for a container whose stores (by slot) read through or not.
    init(readsThrough: [Bool], keyPrefix: String = "") {
        self.readsThrough = readsThrough
        self.keyPrefix = keyPrefix
        entryNames = Array(repeating: IndexTable(), count: readsThrough.count)
        lastSequence = Array(repeating: 0, count: readsThrough.count)
    }

    // MARK: Reading

    /// A read of a key's cached value (the hot path): the value when it is cached, with Observation told of the read
    /// (bookkeeping on this thread, which calls no one); otherwise nil, and `action` says what to do.
    ///
    /// - Parameters:
    ///   - identity: The key.
    ///   - container: The container whose reads Observation tracks; nil tells it nothing (tests).
    ///   - action: Set when the value is not cached.
    /// - Returns: The cached value, or nil.
    @usableFromInline
    mutating func cachedValue(
        _ identity: KeyIdentity, trackedIn container: Unmanaged<Preferences>?, otherwise action: inout ReadAction?
    ) -> DecodedStorage? {
        if let binding = keys.binding(matching: identity) {
            return cachedValue(binding, trackedIn: container, otherwise: &action)
        }
        action = read(notFoundByBits: identity)
        return nil
    }

    /// A read of a bound key's cached value, as ``cachedValue(_:trackedIn:otherwise:)-(KeyIdentity,_,_)``.
    @usableFromInline
    mutating func cachedValue(
        _ binding: BindingID, trackedIn container: Unmanaged<Preferences>?, otherwise action: inout ReadAction?
    ) -> DecodedStorage? {
        guard !bindings[binding].readsStore, let decoded = bindings[binding].decoded else {
            action = read(binding)
            return nil
        }
        if let container { anchors.access(bindings[binding].entry, in: container) }
        return decoded.value
    }

    /// A read of a key: its cached value, or what to do to get one.
    @usableFromInline
    mutating func read(_ identity: KeyIdentity) -> ReadAction {
        if let binding = keys.binding(matching: identity) { return read(binding) }
        return read(notFoundByBits: identity)
    }

    /// A read of a key that its bits did not find: found by its contents, or unbound (its contents hashed once).
    private mutating func read(notFoundByBits identity: KeyIdentity) -> ReadAction {
        let tag = identity.contentTag
        if let binding = keys.binding(byContentsOf: identity, tagged: tag) { return read(binding) }
        return .unbound(UnboundKey(identity: identity, contentTag: tag, boundBefore: bindings.count))
    }

    /// A read of a bound key path.
    @usableFromInline
    mutating func read(_ binding: BindingID) -> ReadAction {
        bindings[binding].readsStore ? .readThrough(binding) : readAfterReadingThrough(binding)
    }

    /// A read after the store was asked for a read-through key: the cached value, or a value to decode.
    mutating func readAfterReadingThrough(_ binding: BindingID) -> ReadAction {
        let entry = bindings[binding].entry
        let anchor = anchors.anchor(of: entry)
        if let decoded = bindings[binding].decoded { return .cached(binding, decoded.value, anchor) }
        return .decode(
            DecodeRequest(
                binding: binding, key: bindings[binding].key, name: entries[entry].name, slot: Int(entries[entry].slot),
                visible: visibleValue(of: entry), sequence: entries[entry].sequence, anchor: anchor))
    }

    /// A value decoded for a read: cached unless the key changed meanwhile (the next read decodes anew then).
    mutating func cache(_ decoded: Decoded, for binding: BindingID, at sequence: UInt64, of visible: PreferenceValue?) {
        let entry = bindings[binding].entry
        guard bindings[binding].decoded == nil, entries[entry].sequence == sequence, visibleValue(of: entry) == visible
        else { return }
        bindings[binding].decoded = decoded
    }

    /// A first read of a key path read its store: binds the key path, unless a link update newer than that read
    /// reached the container meanwhile (the read may have missed it) and `force` is false.
    ///
    /// - Returns: The read of the bound key path; nil when the store read is stale.
    mutating func bind(_ first: FirstRead, force: Bool) -> ReadAction? {
        // Another thread may have bound the key path since the read found it unbound.
        let unbound = first.unbound
        if bindings.count != unbound.boundBefore,
            let bound = keys.binding(byContentsOf: unbound.identity, tagged: unbound.contentTag)
        {
            return read(bound)
        }
        let entry: EntryID
        let isFresh: Bool
        let nameHash = KeyIdentity.tag(of: first.name)
        if let cached = cachedEntry(named: first.name, tagged: nameHash, inSlot: first.slot) {
            entry = cached  // another key path of the same stored key cached it
            isFresh = false
        } else {
            guard force || lastSequence[first.slot] <= first.sequence else { return nil }
            entry = EntryID(index: Int32(entries.count))
            isFresh = true
            if entries.count == entries.capacity && entries.count >= Self.largeTable {
                entries.reserveCapacity(entries.count * 5 / 4)  // a large table grows by a quarter: it wastes less
            }
            entries.append(
                EntryRow(
                    name: first.name, sequence: first.sequence, value: first.value, slot: UInt16(first.slot),
                    isOverridden: first.override != nil))
            entryNames[first.slot].insert(entry.index, tagged: nameHash)
            if let override = first.override { overrides[entry] = override }
        }
        let binding = BindingID(index: Int32(bindings.count))
        let decoded = isFresh || visibleValue(of: entry) == (first.override?.value ?? first.value) ? first.decoded : nil
        if bindings.count == bindings.capacity && bindings.count >= Self.largeTable {
            bindings.reserveCapacity(bindings.count * 5 / 4)
        }
        bindings.append(
            BindingRow(
                key: first.key, decoded: decoded, entry: entry, nextInEntry: entries[entry].firstBinding,
                readsStore: readsThrough[first.slot]))
        entries[entry].firstBinding = binding
        keys.insert(binding, as: unbound)
        return read(binding)
    }

    /// The cached entry of a stored name in a store slot, if there is one.
    private func cachedEntry(named name: String, tagged tag: UInt32, inSlot slot: Int) -> EntryID? {
        entryNames[slot].row(tagged: tag) { entries[Int($0)].name == name }.map(EntryID.init)
    }

    /// The entry of this container's own write, found through its binding without hashing the name, when the
    /// update reaches it in the binding's slot.
    private func writtenEntry(_ written: LocalWrite?, named name: String, inSlot slot: Int) -> EntryID? {
        guard let written else { return nil }
        let entry = bindings[written.binding].entry
        return Int(entries[entry].slot) == slot && entries[entry].name == name ? entry : nil
    }

    /// How many rows make a table large: past it, a table grows by a quarter instead of doubling (at 10,000 keys, a
    /// quarter of slack at most: about 20 bytes a key less than growing by half). Below it, doubling copies each
    /// row about once while a launch binds its keys.
    static let largeTable = 4_096

    /// What a write of a bound key path needs: its store slot, stored name and the cached stored value.
    @usableFromInline
    func writeTarget(_ binding: BindingID) -> WriteTarget {
        let row = bindings[binding]
        let entry = entries[row.entry]
        return WriteTarget(
            binding: binding, key: row.key, slot: Int(entry.slot), name: entry.name, current: entry.value,
            valueChanges: valueChanges, isOverridden: entry.isOverridden)
    }

    /// What a write of a key needs, if it is bound (found by its bits only: the write path).
    @usableFromInline
    func writeTarget(matching identity: KeyIdentity) -> WriteTarget? {
        keys.binding(matching: identity).map(writeTarget)
    }

    /// The stored value of a key path's entry and the override that shadows it, if any.
    func storedValue(of binding: BindingID) -> (value: PreferenceValue?, override: PreferenceOverride?) {
        let entry = bindings[binding].entry
        return (entries[entry].value, overrides[entry])
    }

    /// The keys of the key paths bound to a store slot, by stored name.
    func boundKeys(inSlot slot: Int) -> [(name: String, key: any ErasedKey)] {
        bindings.compactMap { row in
            let entry = entries[row.entry]
            return Int(entry.slot) == slot ? (entry.name, row.key) : nil
        }
    }

    /// What readers see of an entry: the override if there is one, else the stored value.
    func visibleValue(of entry: EntryID) -> PreferenceValue? {
        entries[entry].isOverridden ? overrides[entry]?.value : entries[entry].value
    }

    // MARK: Changes

    /// Applies a link update to the keys it names and queues the deliveries.
    ///
    /// - Parameters:
    ///   - update: The new stored values and their sequence number.
    ///   - slot: The container's index of the store the link serves.
    ///   - written: The typed value of this container's own write, if the update is one.
    /// - Returns: What to do once the lock is released.
    mutating func apply(_ update: LinkState.Update, slot: Int, written: LocalWrite?) -> ChangeAction {
        lastSequence[slot] = max(lastSequence[slot], update.sequence)
        var action = ChangeAction()
        // Loops, not a closure: a closure over `self` would copy the state.
        let sequence = update.sequence
        switch update.values {
        case .one(let name, let value):
            apply(name, value, sequence: sequence, slot: slot, written: written, &action)
        case .many(let changes):
            for (name, value) in changes {
                apply(name, value, sequence: sequence, slot: slot, written: written, &action)
            }
        }
        action.delivery = claimDeliveries()
        return action
    }

    /// Applies one key of a link update.
    private mutating func apply(
        _ name: String, _ value: PreferenceValue?, sequence: UInt64, slot: Int, written: LocalWrite?,
        _ action: inout ChangeAction
    ) {
        guard
            let entry = writtenEntry(written, named: name, inSlot: slot)
                ?? cachedEntry(named: name, tagged: KeyIdentity.tag(of: name), inSlot: slot)
        else {
            if !observers.keyNameObservers.isEmpty, name.hasPrefix(keyPrefix) {
                deliveries.append(.name(name, anchor: nil))
            }
            return
        }
        change(entry, to: value, sequence: sequence, written: written, into: &action)
    }

    /// The store of a read-through key was read: the cache follows what it holds.
    mutating func readThrough(
        _ binding: BindingID, value: PreferenceValue?, sequence: UInt64
    ) -> ChangeAction {
        var action = ChangeAction()
        change(bindings[binding].entry, to: value, sequence: sequence, written: nil, into: &action)
        action.delivery = claimDeliveries()
        return action
    }

    /// Sets a cached key's stored value as of `sequence` (an older sequence changes nothing) and records who must
    /// hear of it: its observers and observers of every key's name through the delivery queue, Observation alone
    /// directly.
    ///
    /// Readers see no change when the stored value is the same (``PreferenceValue/==(_:_:)``), when an override
    /// shadows it, or when a missing value stands for the default that the other side holds, for every key path
    /// bound to the key: the store is still written then, but nobody is woken.
    private mutating func change(
        _ entry: EntryID, to newValue: PreferenceValue?, sequence: UInt64, written: LocalWrite?,
        into action: inout ChangeAction
    ) {
        guard sequence >= entries[entry].sequence else { return }
        // The writer found its value different from the cached one, if no cached value changed since it read it.
        let isNewWrite = written.map { bindings[$0.binding].entry == entry && $0.valueChangesSeen == valueChanges }
        entries[entry].sequence = sequence
        let old = entries[entry].value
        guard isNewWrite == true || old != newValue else { return }
        entries[entry].value = newValue
        valueChanges += 1
        guard !entries[entry].isOverridden else { return }  // readers see the override, which did not change
        let hasObservers = entries[entry].isObserved
        var oldDecoded: [(binding: BindingID, decoded: Decoded)] = []  // few bindings a key: no hashing
        var unchangedForReaders = old == nil || newValue == nil
        var hasBindings = false
        var next = entries[entry].firstBinding  // a loop, not a closure: a closure over `self` would copy the state
        while let binding = next {
            next = bindings[binding].nextInEntry
            hasBindings = true
            if hasObservers, let decoded = bindings[binding].decoded { oldDecoded.append((binding, decoded)) }
            bindings[binding].decoded = written?.binding == binding ? written?.decoded : nil
            if unchangedForReaders {
                let storedDefault = bindings[binding].key.storedDefault
                unchangedForReaders = (old ?? storedDefault) == (newValue ?? storedDefault)
            }
        }
        if unchangedForReaders && hasBindings { return }
        let anchor = anchors.anchor(of: entry)
        if hasObservers {
            deliveries.append(
                .key(
                    Delivery(
                        name: entries[entry].name, anchor: anchor, sequence: sequence, old: old,
                        new: newValue, oldDecoded: oldDecoded, written: written,
                        observers: observers.byEntry[entry, default: []])))
        } else if !observers.keyNameObservers.isEmpty {
            deliveries.append(.name(entries[entry].name, anchor: anchor))
        } else {
            action.observed.append(anchor)
        }
    }

    // MARK: Delivering

    /// Makes the caller the deliverer when nobody delivers and something is queued, handing it the first change.
    mutating func claimDeliveries() -> QueuedDelivery? {
        deliveries.claim() ? nextDelivery(caching: []) : nil
    }

    /// The deliverer comes back for the next queued change, bringing the values it decoded for observers: they are
    /// cached unless their key changed meanwhile. Returns the next change, with the observers of every key's name
    /// at the time; nil (giving the claim up) when none is left.
    mutating func nextDelivery(caching decoded: [DecodedForObservers]) -> QueuedDelivery? {
        for result in decoded { cache(result.decoded, for: result.binding, at: result.sequence, of: result.stored) }
        guard let item = deliveries.popFirst() else { return nil }
        let keyNameObservers = observers.keyNameObservers
        return QueuedDelivery(
            item: item, keyNameObservers: keyNameObservers.isEmpty ? [] : Array(keyNameObservers.values))
    }
}

/// What a first read of a key path read from its store, with the key evaluated and the value decoded.
struct FirstRead: Sendable {
    let unbound: UnboundKey
    let key: any ErasedKey
    let slot: Int
    let name: String
    /// The stored value read, and the sequence number the read is as new as.
    let value: PreferenceValue?
    let sequence: UInt64
    let override: PreferenceOverride?
    /// What readers see (the override or the stored value), decoded.
    let decoded: Decoded
}

/// What a write of a bound key path needs.
@usableFromInline
struct WriteTarget: Sendable {
    @usableFromInline let binding: BindingID
    @usableFromInline let key: any ErasedKey
    @usableFromInline let slot: Int
    @usableFromInline let name: String
    /// The stored value the container holds now: a write of the same value does nothing.
    @usableFromInline let current: PreferenceValue?
    /// The container's count of assignments of cached values when `current` was read.
    @usableFromInline let valueChanges: UInt64
    /// Whether an override layer shadows the key: readers keep seeing the override after the write.
    @usableFromInline let isOverridden: Bool
}
