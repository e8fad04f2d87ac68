/// The one place where a container takes its lock: every site hands one event to ``ContainerState`` and gets back
/// what to do once the lock is released (`let action = state.withLock { $0.event(…) }`).
extension Preferences {
    /// A read of a key's cached value; when it is not cached, `action` says what to do.
    @inlinable
    func lockedCachedValue(_ identity: KeyIdentity, otherwise action: inout ReadAction?) -> DecodedStorage? {
        state.withLock { $0.cachedValue(identity, trackedIn: Unmanaged.passUnretained(self), otherwise: &action) }
    }

    /// A read of a bound key path's cached value; when it is not cached, `action` says what to do.
    @inlinable
    func lockedCachedValue(_ binding: BindingID, otherwise action: inout ReadAction?) -> DecodedStorage? {
        state.withLock { $0.cachedValue(binding, trackedIn: Unmanaged.passUnretained(self), otherwise: &action) }
    }

    /// A read of a key.
    @inlinable
    func lockedRead(_ identity: KeyIdentity) -> ReadAction { state.withLock { $0.read(identity) } }

    /// A value decoded for a read, to cache.
    func lockedCache(_ decoded: Decoded, for request: DecodeRequest) {
        state.withLock { $0.cache(decoded, for: request) }
    }

    /// A first read that read its store: binds the key path (nil: the read is stale).
    func lockedBind(_ first: FirstRead, force: Bool) -> ReadAction? {
        state.withLock { $0.bind(first, force: force) }
    }

    /// What a write of a key needs, if the key is bound (found by its bits).
    @inlinable
    func lockedWriteTarget(_ identity: KeyIdentity) -> WriteTarget? {
        state.withLock { $0.writeTarget(matching: identity) }
    }

    /// What a write of a bound key path needs.
    @usableFromInline
    func lockedWriteTarget(_ binding: BindingID) -> WriteTarget { state.withLock { $0.writeTarget(binding) } }

    /// A read-through key's store was read (nil: nothing could be read): the change to perform, and the read.
    func lockedReadThrough(
        _ binding: BindingID, read: (value: PreferenceValue?, sequence: UInt64)?
    ) -> (change: ChangeAction?, read: ReadAction) {
        state.withLock { state in
            let change = read.map { state.readThrough(binding, value: $0.value, sequence: $0.sequence) }
            return (change, state.readAfterReadingThrough(binding))
        }
    }

    /// Takes a link update into the cache; the link calls it under its own lock, so updates arrive in order.
    ///
    /// - Returns: What to do once the link's lock is released.
    func apply(_ update: LinkState.Update, slot: Int, written: LocalWrite?) -> ChangeAction {
        state.withLock { $0.apply(update, slot: slot, written: written) }
    }

    /// The next queued change for the deliverer, after caching what it decoded.
    func nextDelivery(caching decoded: Decoded?) -> DeliveryItem? {
        state.withLock { $0.nextDelivery(caching: decoded) }
    }

    /// Adds an observer: its ID, the key's value now, and the first queued change when the caller must deliver.
    func lockedAddObserver(
        _ observer: Observer, of binding: BindingID, initial: Bool
    ) -> (id: UInt64, current: CurrentValue, delivery: DeliveryItem?) {
        state.withLock { $0.addObserver(observer, of: binding, initial: initial) }
    }

    /// Removes an observer of a key path.
    func removeObserver(_ id: UInt64, of binding: BindingID) {
        state.withLock { $0.removeObserver(id, of: binding) }
    }

    /// Adds an observer of every key's name.
    func addKeyNameObserver(_ observer: KeyNameObserver) -> UInt64 {
        state.withLock { $0.addKeyNameObserver(observer) }
    }

    /// Removes an observer of every key's name.
    func removeKeyNameObserver(_ id: UInt64) { state.withLock { $0.removeKeyNameObserver(id) } }

    /// The stored value of a bound key path, and its override.
    func lockedStoredValue(of binding: BindingID) -> (value: PreferenceValue?, override: PreferenceOverride?) {
        state.withLock { $0.storedValue(of: binding) }
    }

    /// The keys bound to a store slot, by stored name.
    func lockedBoundKeys(inSlot slot: Int) -> [(name: String, key: any ErasedKey)] {
        state.withLock { $0.boundKeys(inSlot: slot) }
    }

    /// Every observer's end, for the container's end.
    func finishers() -> [@Sendable () -> Void] { state.withLock { $0.finishers() } }
}
