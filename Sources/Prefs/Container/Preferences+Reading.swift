internal import Logging

/// A key path resolved to its evaluated key and its place in the stores.
struct ResolvedKey<Value: Sendable>: Sendable {
    let binding: KeyBinding
    let key: PreferenceKeys.Key<Value>
    var storedKey: StoredKey { binding.storedKey }
}

extension Preferences {
    /// Reads or writes the value of a key.
    ///
    /// ```swift
    /// prefs[\.showHelloWorld] = true
    /// if prefs[\.showHelloWorld] { … }
    /// ```
    ///
    /// A read returns the stored value, or the key's default when nothing valid is stored. A write
    /// wakes the key's observers at once and reaches the store behind the caller; if it cannot be
    /// stored it is reported through the logger and the old value is kept. Use ``set(_:_:)`` to
    /// handle the error yourself.
    ///
    /// - Parameter keyPath: The key, as a key path into ``PreferenceKeys``.
    public subscript<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> Value {
        get {
            // The hot path: one lock, one lookup by the key path's identity, no decoding, no allocation.
            let identity = ObjectIdentifier(keyPath)
            let cached = state.withLock { state -> (KeyBinding, any AnyObject & Sendable)? in
                guard let binding = state.bindingsByIdentity[identity], !binding.readsThrough,
                    let decoded = binding.decoded
                else {
                    return nil
                }
                return (binding, decoded)
            }
            if let (binding, decoded) = cached {
                observationRegistrar.access(self, keyPath: binding.observationKeyPath)
                return unsafeDowncast(decoded as AnyObject, to: DecodedValue<Value>.self).value
            }
            return readUncached(keyPath)
        }
        set {
            do {
                try write(resolve(keyPath), newValue, waitForStore: false)
            } catch {
                logger.error("Prefs: could not set '\(keyPrefix)\(PreferenceKeys()[keyPath: keyPath].name)': \(error)")
            }
        }
    }

    /// Resolves a key path: evaluates its key once, and makes sure the container caches its stored value.
    func resolve<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> ResolvedKey<Value> {
        let identity = ObjectIdentifier(keyPath)
        let known = state.withLock { state -> KeyBinding? in
            if let binding = state.bindingsByIdentity[identity] { return binding }
            // The same key path as another object (another call site, or built dynamically): found
            // by equality, then remembered by identity too, while the map has room. The binding
            // retains the object, so that its identity can never be reused by another key path.
            guard let binding = state.bindings[KeyPathID(keyPath: keyPath)] else { return nil }
            if state.bindingsByIdentity.count < ContainerState.identityLimit {
                binding.aliases.append(keyPath)
                state.bindingsByIdentity[identity] = binding
            }
            return binding
        }
        if let known { return ResolvedKey(binding: known, key: known.key as! PreferenceKeys.Key<Value>) }
        return resolveFirstUse(keyPath)
    }

    /// Binds a key path the container has not seen: evaluates its key, moves a value stored under a
    /// former name, looks up overrides, and caches the stored value.
    @inline(never)
    private func resolveFirstUse<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>
    ) -> ResolvedKey<Value> {
        let key = PreferenceKeys()[keyPath: keyPath]
        let storedKey = storedKey(for: key)
        let store = store(for: storedKey)
        let observationKeyPath: any KeyPath<Preferences, Int> & Sendable = \Preferences.[observing: storedKey]
        moveFormerValue(of: key, to: storedKey, in: store)
        let override = overrideValue(for: key)
        let storedDefault = (try? key.encodeValue(key.defaultValue)) ?? nil
        // Read the store outside the lock; retry if an outside change raced the read. After a few races, keep
        // the value read and re-read the key behind it, on the writer queue, after the outside changes.
        for attempt in 1...Self.firstReadAttempts {
            let isLastAttempt = attempt == Self.firstReadAttempts
            let seen = state.withLock { state -> UInt64? in
                state.entries[storedKey] == nil ? state.outsideChangeCount : nil
            }
            var loaded: PreferenceValue?
            if seen != nil {
                do {
                    loaded = try store.value(forKey: storedKey.name)
                } catch {
                    logger.error("Prefs: could not read '\(storedKey)': \(error); reading the default")
                }
            }
            let binding = state.withLock { state -> KeyBinding? in
                if state.entries[storedKey] == nil {
                    guard seen == state.outsideChangeCount || isLastAttempt else { return nil }
                    state.entries[storedKey] = StoredEntry(
                        value: loaded, override: override, observationKeyPath: observationKeyPath
                    )
                }
                let id = KeyPathID(keyPath: keyPath)
                if let existing = state.bindings[id] { return existing }  // bound meanwhile by another thread
                let binding = KeyBinding(
                    keyPath: keyPath, storedKey: storedKey, key: key, storedDefault: storedDefault,
                    readsThrough: store.requiresReadThrough, observationKeyPath: observationKeyPath
                )
                state.bindings[id] = binding
                if state.bindingsByIdentity.count < ContainerState.identityLimit {
                    state.bindingsByIdentity[ObjectIdentifier(keyPath)] = binding
                }
                state.entries[storedKey]!.bindings.append(binding)
                return binding
            }
            guard let binding else { continue }
            if isLastAttempt, seen != nil {
                writer.async { self.resynchronize(storedKey.storeID, keys: [storedKey.name]) }
            }
            return ResolvedKey(binding: binding, key: binding.key as! PreferenceKeys.Key<Value>)
        }
        preconditionFailure("unreachable: the last attempt always binds the key")
    }

    /// How often a first read is tried while outside changes race it, before it settles for a re-read behind.
    static let firstReadAttempts = 3

    /// Decodes the cached stored value of a key path and caches the result.
    @inline(never)
    private func readUncached<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> Value {
        let resolved = resolve(keyPath)
        if resolved.binding.readsThrough { readThrough(resolved.storedKey) }
        let (entry, decoded) = state.withLock { ($0.entries[resolved.storedKey]!, resolved.binding.decoded) }
        observationRegistrar.access(self, keyPath: entry.observationKeyPath)
        if let decoded {  // a key path found by equality (the identity map is full): still no decoding
            return unsafeDowncast(decoded as AnyObject, to: DecodedValue<Value>.self).value
        }
        let value = decodeReporting(entry.visibleValue, resolved)
        state.withLock { state in
            // Cache the decoded value only if the stored value did not change while decoding; otherwise the value
            // is still what the key held when this read began, and the next read decodes the new one.
            if state.entries[resolved.storedKey]?.visibleValue == entry.visibleValue {
                resolved.binding.decoded = DecodedValue(value)
            }
        }
        return value
    }

    /// Reads a key from its store and brings the cache in line with it, waking the key's observers if it changed:
    /// the read path of stores whose contents change in this process without a report (UserDefaults on Linux).
    private func readThrough(_ storedKey: StoredKey) {
        guard let mark = state.withLock({ $0.readThroughMark(storedKey) }) else { return }
        let value: PreferenceValue?
        do {
            value = try store(for: storedKey).value(forKey: storedKey.name)
        } catch {
            logger.error("Prefs: could not read '\(storedKey)': \(error); reading the cached value")
            return
        }
        let delivery = state.withLock { state -> Bool in
            guard let delivery = state.applyReadThrough(storedKey, value, mark: mark) else { return false }
            state.deliveries.append(delivery)
            return true
        }
        if delivery { deliverQueuedChanges() }
    }

    /// Decodes a stored value; a missing one is the default, and an invalid one is the default and is
    /// reported (once per stored value, because the result is cached until the stored value changes).
    private func decodeReporting<Value>(_ stored: PreferenceValue?, _ resolved: ResolvedKey<Value>) -> Value {
        guard let stored else { return resolved.key.defaultValue }
        do {
            return try resolved.key.decodeValue(stored)
        } catch {
            logger.warning(
                """
                Prefs: the value stored under '\(resolved.storedKey)' is not a valid \(Value.self) (\(error)); \
                reading the default, the stored data is left untouched
                """
            )
            return resolved.key.defaultValue
        }
    }

    /// The Observation anchor of one stored key: reads register it, changes to the key fire it.
    subscript(observing storedKey: StoredKey) -> Int { 0 }
}

extension PreferenceKeys.Key {
    /// Decodes a stored value without reporting problems: nil and invalid values are the default.
    func decodedOrDefault(_ stored: PreferenceValue?) -> Value {
        guard let stored, let value = try? decodeValue(stored) else { return defaultValue }
        return value
    }
}
