internal import Logging

extension Preferences {
    /// Resolves a key path: evaluates its key once, and makes sure the container caches its stored value.
    @usableFromInline
    func resolve<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> TypedKeyBinding<Value> {
        let identity = ObjectIdentifier(keyPath)
        if let known = state.withLock({ $0.keys.binding(identifiedBy: identity) }) {
            return unsafeDowncast(known, to: TypedKeyBinding<Value>.self)
        }
        // Another object for a key path seen before, or a new one: hashed once, outside the lock.
        let id = KeyPathID(keyPath: keyPath)
        if let known = state.withLock({ $0.keys.binding(for: id) }) {
            return unsafeDowncast(known, to: TypedKeyBinding<Value>.self)
        }
        return resolveFirstUse(keyPath, id: id)
    }

    /// Binds a key path the container has not seen: evaluates its key, moves a value stored under a
    /// former name, looks up overrides, and caches the stored value.
    @inline(never)
    private func resolveFirstUse<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        id: KeyPathID
    ) -> TypedKeyBinding<Value> {
        let key = PreferenceKeys()[keyPath: keyPath]
        let storedKey = storedKey(for: key)
        let link = link(storedKey.storeID, for: storedKey.name)
        if key.isSecret { link.markSecret(storedKey.name) }
        moveFormerValue(of: key, to: storedKey, via: link)
        let override = overrideValue(for: key)
        let storedDefault = (try? key.encodeValue(key.defaultValue)) ?? nil
        // Read the store outside the lock; retry if a link update raced the read. After a few races, keep the value
        // read and read the key back behind it, on the link's queue, after the updates.
        for attempt in 1...Self.firstReadAttempts {
            let isLastAttempt = attempt == Self.firstReadAttempts
            let isCached = state.withLock { $0.entry(storedKey) != nil }
            let loaded = isCached ? nil : readForFirstUse(storedKey, via: link)
            let binding = state.withLock { state -> KeyBinding? in
                let entry =
                    state.entry(storedKey)
                    ?? loaded.flatMap {
                        state.cache(
                            storedKey, slot: storeSlots[storedKey.storeID]!, value: $0.value, sequence: $0.sequence,
                            override: override, force: isLastAttempt)
                    }
                guard let entry else { return nil }
                return state.keys.insert(
                    TypedKeyBinding(keyPath: keyPath, key: key, entry: entry, link: link, storedDefault: storedDefault),
                    as: id)
            }
            guard let binding else { continue }
            if isLastAttempt, loaded != nil {
                link.writer.async { link.readBack([storedKey.name]) }
            }
            return unsafeDowncast(binding, to: TypedKeyBinding<Value>.self)
        }
        preconditionFailure("unreachable: the last attempt always binds the key")
    }

    /// How often a first read is tried while link updates race it, before it settles for a read back behind.
    static let firstReadAttempts = 3

    /// Reads a key for its first use; a failing read is reported and reads as nothing stored.
    private func readForFirstUse(
        _ storedKey: StoredKey, via link: StoreLink
    ) -> (value: PreferenceValue?, sequence: UInt64) {
        let (result, sequence) = link.read(storedKey.name)
        do {
            return (try result.get(), sequence)
        } catch {
            let reason = SecretRedaction.text(of: error, isSecret: link.isSecret(storedKey.name))
            logger.error("Prefs: could not read '\(storedKey)': \(reason); reading the default")
            return (nil, sequence)
        }
    }

    /// Decodes the cached stored value of a key and caches the result; for a store that requires it, returns what
    /// the store holds now.
    @usableFromInline @inline(never)
    func readUncached<Value>(_ binding: TypedKeyBinding<Value>) -> Value {
        let fresh = binding.readsThrough ? readThrough(binding) : nil
        let entry = binding.entry
        let (cached, sequence, decoded) = state.withLock { _ in (entry.visibleValue, entry.sequence, binding.decoded) }
        observationRegistrar.access(self, keyPath: entry.observationKeyPath)
        // What the store holds now wins over the cache, which a report computed before the read may have changed.
        let visible = fresh.map { entry.override?.value ?? $0 } ?? cached
        if let decoded, visible == cached { return TypedKeyBinding<Value>.value(in: decoded) }
        let (box, usedDefault) = binding.decodeBox(visible, logger: logger)
        state.withLock { _ in
            // Cache the decoded value only if the cache holds what was decoded and did not change meanwhile;
            // otherwise it is still what the key held when this read began, and the next read decodes anew.
            if entry.sequence == sequence, entry.visibleValue == visible {
                binding.decoded = box
                binding.decodedUsedDefault = usedDefault
            }
        }
        return TypedKeyBinding<Value>.value(in: box)
    }

    /// Reads a key from its store and brings the cache in line with it, waking the key's observers if it changed:
    /// the read path of stores whose contents change in this process without a report (UserDefaults on Linux).
    ///
    /// - Returns: The value read; nil when none was (a local write of the key is on its way, or the read failed).
    private func readThrough(_ binding: KeyBinding) -> PreferenceValue?? {
        let storedKey = binding.storedKey
        let read: (value: PreferenceValue?, sequence: UInt64)?
        do {
            read = try binding.link.readThrough(storedKey.name)
        } catch {
            let reason = SecretRedaction.text(of: error, isSecret: binding.isSecret)
            logger.error("Prefs: could not read '\(storedKey)': \(reason); reading the cached value")
            return nil
        }
        guard let read else { return nil }
        let deliver = state.withLock { state -> Bool in
            guard let item = state.change(binding.entry, to: read.value, sequence: read.sequence) else {
                return false
            }
            state.deliveries.append(item)
            return state.deliveries.claim()
        }
        if deliver { deliverQueuedChanges() }
        return .some(read.value)
    }
}
