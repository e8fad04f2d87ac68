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
        try write(PreferenceKeys()[keyPath: keyPath], value, waitForStore: true)
    }

    /// Removes the stored value of a key, so that reads return its default again.
    ///
    /// - Parameter keyPath: The key.
    public func reset<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) {
        reset(PreferenceKeys()[keyPath: keyPath])
    }

    /// Removes the stored value of a key.
    func reset<Value>(_ key: PreferenceKeys.Key<Value>) {
        let target = lockedWriteTarget(KeyIdentity(key)) ?? lockedWriteTarget(resolve(key))
        try? commit(target, nil, DecodedStorage(TypedKey<Value>.of(target.key).key.defaultValue), false)
    }

    /// Returns when every earlier write of this container is durable in its store.
    ///
    /// A normal process exit flushes too; call this where you must know that a value is saved.
    ///
    /// Every store is flushed, also after one fails.
    ///
    /// - Throws: The first ``PreferenceWriteError`` of a write made behind the caller since the last
    ///   flush (reported once), else the first error of a store's own flush (thrown again by the next flush if the
    ///   store still fails).
    public func flush() throws {
        var failures: [any Error] = []
        var storeFailure: (any Error)?
        for (slot, link) in links.enumerated() {
            let storeID = storeIDs.first { $0.slot == slot }!.id
            let (failed, flushFailure) = link.flush()
            failures += failed.map { PreferenceWriteError(storeID: storeID, keys: $0.keys, underlying: $0.underlying) }
            storeFailure = storeFailure ?? flushFailure
        }
        if let failure = failures.first ?? storeFailure { throw failure }
    }

    /// Encodes and commits a write; with `waitForStore`, hands it to the store before returning and throws its
    /// failure. Inlinable: specialized in the caller, nothing in it looks up generic type metadata at run time.
    @inlinable
    func write<Value>(_ key: PreferenceKeys.Key<Value>, _ value: Value, waitForStore: Bool) throws {
        let target = lockedWriteTarget(KeyIdentity(key)) ?? lockedWriteTarget(resolve(key))
        try write(target, value, waitForStore: waitForStore)
    }

    /// Encodes and commits a write to the key a target names: every container of its store has it when this
    /// returns, the store behind.
    @inlinable
    func write<Value: Sendable>(_ target: WriteTarget, _ value: Value, waitForStore: Bool) throws {
        try commit(target, TypedKey<Value>.of(target.key).key.encodeValue(value), DecodedStorage(value), waitForStore)
    }

    /// Commits a stored value and its typed form to the key a target names.
    @inlinable
    func commit(
        _ target: WriteTarget, _ stored: PreferenceValue?, _ decoded: @autoclosure () -> DecodedStorage,
        _ waitForStore: Bool
    ) throws {
        guard stored != target.current else { return }  // a write of the value already cached does nothing
        let written = LocalWrite(
            binding: target.binding, decoded: Decoded(decoded(), usedDefault: false),
            valueChangesSeen: target.valueChanges)
        // Unretained: `links` holds the link for as long as this container lives, and retaining a link (which is
        // referred to weakly) takes Swift's slow path.
        let link = Unmanaged.passUnretained(links[target.slot])
        let batch = link._withUnsafeGuaranteedRef {
            $0.write(name: target.name, value: stored, written: written, by: self)
        }
        if target.isOverridden { reportShadowedWrite(of: target) }
        if waitForStore {
            try waitForStoreWrite(of: target, via: link.takeUnretainedValue(), batch: batch)
        }
    }

    /// Writes a key behind the caller; a failure is reported through the logger, the key's value left out when it is
    /// secret (the setters of the subscript and of the property wrappers).
    ///
    /// - Parameters:
    ///   - key: The key; with a `binding`, evaluated only to report a failure.
    ///   - binding: The key's binding in this container, when the caller keeps it (a property wrapper's).
    ///   - value: The new value.
    @inlinable
    func writeLogging<Value>(
        _ key: @autoclosure () -> PreferenceKeys.Key<Value>, bound binding: BindingID? = nil, _ value: Value
    ) {
        do {
            if let binding {
                try write(lockedWriteTarget(binding), value, waitForStore: false)
            } else {
                try write(key(), value, waitForStore: false)
            }
        } catch {
            reportFailedWrite(of: key(), error)
        }
    }

    /// Waits until a write of the key has reached its store, and throws its failure.
    @usableFromInline
    func waitForStoreWrite(of target: WriteTarget, via link: StoreLink, batch: UInt64) throws {
        link.drainNow()
        if let failure = link.failure(of: target.name, inBatch: batch) {
            throw PreferenceWriteError(
                storeID: target.key.storeID, keys: failure.keys, underlying: failure.underlying)
        }
    }

    /// Reports a local write that an override layer shadows: readers keep seeing the override.
    @usableFromInline
    func reportShadowedWrite(of target: WriteTarget) {
        guard let source = lockedStoredValue(of: target.binding).override?.source else { return }
        logger.notice("Prefs: '\(target.name)' was stored, but readers keep seeing the override from \(source)")
    }

    /// Reports a write made behind the caller that failed (the subscript's, a property wrapper's), leaving a secret
    /// key's value out: the one report of failed writes.
    @usableFromInline
    func reportFailedWrite<Value>(of key: PreferenceKeys.Key<Value>, _ error: any Error) {
        let name = describe(keyPrefix + key.name, in: key.storeID)
        logger.error("Prefs: could not set '\(name)': \(SecretRedaction.text(of: error, isSecret: key.isSecret))")
    }
}
