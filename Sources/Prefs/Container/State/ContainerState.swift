/// Everything a container keeps under its lock: the key paths it has bound with their cached stored values, their
/// observers and the changes waiting to be handed to observers. Plain values in one table of rows, found by index:
/// no object per key is edited under the lock.
///
/// Its methods are the container's transitions. Each takes an event (a read, a first read that finished reading
/// its store, a link update, an observer that comes or goes) and returns what the caller does once the lock is
/// released (decode and cache, deliver, tell Observation, log). They call no store, no observer and no decoder, so
/// they are tested by feeding them events (see `ContainerStateTests`).
@usableFromInline
struct ContainerState: Sendable {
    var keys = KeyTable()
    var bindings: [BindingRow] = []
    /// Per store slot (the container's index of a store object), a row of each cached stored name, tagged by 32 bits of
    /// the name's hash (the names stay in the rows).
    private var names: [IndexTable<UInt32>]
    /// Per store slot, the number of the last link update received: a first read that started before it may have
    /// missed it.
    private var lastSequence: [UInt64]
    /// Per store slot, whether every read asks the store (``PreferenceStore/requiresReadThrough``).
    private let readsThrough: [Bool]
    /// The container's key prefix: names outside it are not this container's keys.
    private let keyPrefix: String
    /// The values of override layers that shadow stored keys, by row (few keys have one).
    private var overrides: [BindingID: PreferenceOverride] = [:]
    /// How many times a cached stored key's value changed (once for all rows of its ring): a writer that saw the
    /// current count compared its new value with the cached one, which nothing has replaced since (a number per
    /// change, where sequence numbers repeat).
    private var valueChanges: UInt64 = 0
    private var anchors = ObservationAnchors()
    var observers = ObserverRegistry()
    var deliveries = DeliveryQueue<DeliveryItem>()
    /// The change handed to the deliverer last, until it comes back.
    private var delivering: DeliveryItem?

    /// An empty state for a container whose stores (by slot) read through or not.
    init(readsThrough: [Bool], keyPrefix: String = "") {
        self.readsThrough = readsThrough
        self.keyPrefix = keyPrefix
        names = Array(repeating: IndexTable(), count: readsThrough.count)
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
        if let container { anchors.access(binding, in: container) }
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
        let anchor = anchors.anchor(of: binding)
        if let decoded = bindings[binding].decoded { return .cached(binding, decoded.value, anchor) }
        return .decode(decodeRequest(binding, anchor: anchor))
    }

    /// What to decode for a key path's current value.
    private func decodeRequest(_ binding: BindingID, anchor: ObservationAnchor) -> DecodeRequest {
        // Fields one by one, not the row: a copy of a row retains each of its references.
        DecodeRequest(
            binding: binding, key: bindings[binding].key, name: bindings[binding].name,
            visible: visibleValue(of: binding), sequence: bindings[binding].sequence, anchor: anchor)
    }

    /// A value decoded outside the lock: cached unless the key changed meanwhile (the next read decodes anew then).
    mutating func cache(_ decoded: Decoded, for request: DecodeRequest) {
        let binding = request.binding
        guard bindings[binding].decoded == nil, bindings[binding].sequence == request.sequence,
            visibleValue(of: binding) == request.visible
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
        let binding = BindingID(index: Int32(bindings.count))
        var (value, sequence, nextOfName, decoded) = (first.value, first.sequence, binding, Optional(first.decoded))
        let nameTag = KeyIdentity.tag(of: first.name)
        if let other = cachedRow(named: first.name, tagged: nameTag, inSlot: first.slot) {
            // Another key path of the same stored key cached it: the new row joins its ring, with its value.
            (value, sequence, nextOfName) = (
                bindings[other].value, bindings[other].sequence, bindings[other].nextOfName
            )
            if value != first.value && first.override == nil { decoded = nil }
            bindings[other].nextOfName = binding
        } else {
            guard force || lastSequence[first.slot] <= first.sequence else { return nil }
            names[first.slot].insert(binding.index, tagged: nameTag)
        }
        if let override = first.override { overrides[binding] = override }
        if bindings.count == bindings.capacity && bindings.count >= Self.largeTable {
            bindings.reserveCapacity(bindings.count * 5 / 4)  // a large table grows by a quarter: it wastes less
        }
        // Made in place: a row made before and appended is copied through its value witness.
        bindings.append(
            BindingRow(
                key: first.key, name: first.name, value: value, sequence: sequence, decoded: decoded,
                nextOfName: nextOfName, slot: UInt16(first.slot), isOverridden: first.override != nil,
                readsStore: readsThrough[first.slot]))
        keys.insert(binding, as: unbound)
        return read(binding)
    }

    /// A row of a cached stored name in a store slot, if there is one.
    private func cachedRow(named name: String, tagged tag: UInt32, inSlot slot: Int) -> BindingID? {
        names[slot].row(tagged: tag) { bindings[Int($0)].name == name }.map(BindingID.init)
    }

    /// The row of this container's own write, without hashing the name, when the update reaches it in its slot.
    private func writtenRow(_ written: LocalWrite?, named name: String, inSlot slot: Int) -> BindingID? {
        guard let written, Int(bindings[written.binding].slot) == slot, bindings[written.binding].name == name else {
            return nil
        }
        return written.binding
    }

    /// How many rows make a table large: past it, a table grows by a quarter instead of doubling (at 10,000 keys, a
    /// quarter of slack at most: about 20 bytes a key less than growing by half). Below it, doubling copies each
    /// row about once while a launch binds its keys.
    static let largeTable = 4_096

    /// What a write of a bound key path needs: its store slot, stored name and the cached stored value.
    @usableFromInline
    func writeTarget(_ binding: BindingID) -> WriteTarget {
        WriteTarget(
            binding: binding, key: bindings[binding].key, slot: Int(bindings[binding].slot),
            name: bindings[binding].name,
            current: bindings[binding].value, valueChanges: valueChanges, isOverridden: bindings[binding].isOverridden)
    }

    /// What a write of a key needs, if it is bound (found by its bits only: the write path).
    @usableFromInline
    func writeTarget(matching identity: KeyIdentity) -> WriteTarget? {
        keys.binding(matching: identity).map(writeTarget)
    }

    /// The stored value of a key path and the override that shadows it, if any.
    func storedValue(of binding: BindingID) -> (value: PreferenceValue?, override: PreferenceOverride?) {
        (bindings[binding].value, overrides[binding])
    }

    /// The keys of the key paths bound to a store slot, by stored name.
    func boundKeys(inSlot slot: Int) -> [(name: String, key: any ErasedKey)] {
        bindings.compactMap { Int($0.slot) == slot ? ($0.name, $0.key) : nil }
    }

    /// What readers of a key path see: the override if there is one, else the stored value.
    func visibleValue(of binding: BindingID) -> PreferenceValue? {
        bindings[binding].isOverridden ? overrides[binding]?.value : bindings[binding].value
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

    /// Applies one key of a link update (inlined in both loops: the call cost a write about 60 instructions).
    @inline(__always)
    private mutating func apply(
        _ name: String, _ value: PreferenceValue?, sequence: UInt64, slot: Int, written: LocalWrite?,
        _ action: inout ChangeAction
    ) {
        guard
            let row = writtenRow(written, named: name, inSlot: slot)
                ?? cachedRow(named: name, tagged: KeyIdentity.tag(of: name), inSlot: slot)
        else {
            if name.hasPrefix(keyPrefix), !observers.keyNameObservers.isEmpty {
                deliveries.append(DeliveryItem(.name(name, anchor: nil, observers: observers.keyNameObservers)))
            }
            return
        }
        change(row, to: value, sequence: sequence, written: written, into: &action)
    }

    /// The store of a read-through key was read: the cache follows what it holds.
    mutating func readThrough(
        _ binding: BindingID, value: PreferenceValue?, sequence: UInt64
    ) -> ChangeAction {
        var action = ChangeAction()
        change(binding, to: value, sequence: sequence, written: nil, into: &action)
        action.delivery = claimDeliveries()
        return action
    }

    /// Sets a cached key's stored value as of `sequence` (an older sequence changes nothing) in every row of its ring,
    /// and records who must hear of it: the observers of each row whose readers see a change, and observers of every
    /// key's name (once for the ring), through the delivery queue; Observation alone directly.
    ///
    /// A row's readers see no change when the stored value is the same (``PreferenceValue/==(_:_:)``), when an
    /// override shadows it, or when a missing value stands for the default that the other side holds: the store is
    /// still written then, but nobody is woken.
    private mutating func change(
        _ first: BindingID, to newValue: PreferenceValue?, sequence: UInt64, written: LocalWrite?,
        into action: inout ChangeAction
    ) {
        guard sequence >= bindings[first].sequence else { return }
        let old = bindings[first].value
        // The writer found its value different from the cached one, if no cached value changed since it read it.
        let isNewWrite = written.map { $0.binding == first && $0.valueChangesSeen == valueChanges } == true
        let isChange = isNewWrite || old != newValue
        if isChange { valueChanges += 1 }
        var namesTold = false
        var binding = first
        repeat {  // a loop, not a closure: a closure over `self` would copy the state
            bindings[binding].sequence = sequence
            if isChange {
                let typed = written?.binding == binding ? written?.decoded : nil
                change(binding, from: old, to: newValue, written: typed, namesTold: &namesTold, into: &action)
            }
            binding = bindings[binding].nextOfName
        } while binding != first
    }

    /// Sets one row's changed stored value (and its typed form, for the writer's own row) and records who must hear.
    private mutating func change(
        _ binding: BindingID, from old: PreferenceValue?, to newValue: PreferenceValue?, written: Decoded?,
        namesTold: inout Bool, into action: inout ChangeAction
    ) {
        bindings[binding].value = newValue
        guard !bindings[binding].isOverridden else { return }  // readers see the override, which did not change
        let oldDecoded = bindings[binding].decoded
        bindings[binding].decoded = written
        if old == nil || newValue == nil {  // the default is encoded only then: it costs an encoding
            let storedDefault = bindings[binding].key.storedDefault
            if (old ?? storedDefault) == (newValue ?? storedDefault) { return }
        }
        let anchor = anchors.anchor(of: binding)
        // The names' observers hear a stored key once, however many key paths it has.
        let tellsNames = !namesTold && !observers.keyNameObservers.isEmpty
        namesTold = namesTold || tellsNames
        if bindings[binding].isObserved {
            // Made in place: a delivery made before would be copied into the item.
            deliveries.append(
                DeliveryItem(
                    .key(
                        Delivery(
                            new: decodeRequest(binding, anchor: anchor), old: old, oldDecoded: oldDecoded,
                            written: written, keyNameObservers: tellsNames ? observers.keyNameObservers : [],
                            observers: observers.byBinding[binding, default: []]))))
        } else if tellsNames {
            deliveries.append(
                DeliveryItem(.name(bindings[binding].name, anchor: anchor, observers: observers.keyNameObservers)))
        } else {
            action.observed.append(anchor)
        }
    }

    // MARK: Delivering

    /// Makes the caller the deliverer when nobody delivers and something is queued, handing it the first change.
    mutating func claimDeliveries() -> DeliveryItem? {
        deliveries.claim() ? nextDelivery(caching: nil) : nil
    }

    /// The deliverer comes back for the next queued change, bringing the new value it decoded for the observers of
    /// the change it was handed: it is cached unless its key changed meanwhile. Returns the next change; nil (giving
    /// the claim up) when none is left.
    mutating func nextDelivery(caching decoded: Decoded?) -> DeliveryItem? {
        if let decoded, case .key(let delivery)? = delivering?.kind { cache(decoded, for: delivery.new) }
        delivering = deliveries.popFirst()
        return delivering
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
    /// The container's count of changes of cached values when `current` was read.
    @usableFromInline let valueChanges: UInt64
    /// Whether an override layer shadows the key: readers keep seeing the override after the write.
    @usableFromInline let isOverridden: Bool
}
