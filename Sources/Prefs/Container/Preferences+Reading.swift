internal import Logging

extension Preferences {
    /// Reads or writes the value of a key.
    ///
    /// ```swift
    /// prefs[\.showHelloWorld] = true
    /// if prefs[\.showHelloWorld] { print("Hello, world!") }
    /// ```
    ///
    /// A read returns the stored value, or the key's default when nothing valid is stored. A write
    /// wakes the key's observers at once and reaches the store behind the caller; if it cannot be
    /// stored it is reported through the logger and the old value is kept. Use ``set(_:_:)`` to
    /// handle the error yourself.
    ///
    /// - Parameter keyPath: The key, as a key path into ``PreferenceKeys``.
    @inlinable
    public subscript<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> Value {
        // The key path is used only to evaluate its key: where this is inlined with a literal key path, the
        // optimizer calls the key's getter and no key path object is made.
        get { value(of: PreferenceKeys()[keyPath: keyPath]) }
        set { writeLogging(PreferenceKeys()[keyPath: keyPath], newValue) }
    }

    /// Reads a key (the hot path): one lock, one lookup by the bits of the key's name, no decoding, no allocation.
    @inlinable
    func value<Value>(of key: PreferenceKeys.Key<Value>) -> Value {
        var action: ReadAction?
        if let value = lockedCachedValue(KeyIdentity(key), otherwise: &action) {
            return TypedKey<Value>.value(in: value)
        }
        return TypedKey<Value>.value(in: finishRead(action!) { TypedKey(key) })
    }

    /// Reads a key already bound in this container (a `@Preference` with a container keeps its binding): a lock and
    /// a table read when the value is cached.
    ///
    /// - Parameters:
    ///   - binding: The key's binding.
    ///   - key: The key, evaluated only when the value is not cached (a cached read retains nothing).
    /// - Returns: The key's value.
    @inlinable
    func value<Value>(of binding: BindingID, key: @autoclosure () -> PreferenceKeys.Key<Value>) -> Value {
        var action: ReadAction?
        if let value = lockedCachedValue(binding, otherwise: &action) { return TypedKey<Value>.value(in: value) }
        return TypedKey<Value>.value(in: finishRead(action!) { TypedKey(key()) })
    }

    /// Finishes a read that found no cached value: binds the key on its first use (erasing it with `makeKey`, which
    /// the caller specialized), asks a read-through store, decodes and caches.
    ///
    /// - Returns: The decoded value.
    @usableFromInline @inline(never)
    func finishRead(_ action: ReadAction, key makeKey: () -> any ErasedKey) -> DecodedStorage {
        var action = action
        while true {
            switch action {
            case .cached(_, let value, let anchor):
                anchor.access(in: self)
                return value
            case .decode(let request):
                let decoded = request.decoded(reportingTo: logger)
                lockedCache(decoded, for: request)
                request.anchor.access(in: self)
                return decoded.value
            case .readThrough(let binding):
                action = readThrough(binding)
            case .unbound(let unbound):
                action = bind(makeKey(), unbound)
            }
        }
    }

    /// The binding of a key, bound now if this is its first use.
    @inlinable
    func resolve<Value>(_ key: PreferenceKeys.Key<Value>) -> BindingID {
        let read = lockedRead(KeyIdentity(key))
        guard case .unbound(let unbound) = read else { return read.binding! }
        return bind(TypedKey(key), unbound).binding!  // a bound key never reads as unbound
    }

    /// Binds an evaluated key: moves a value stored under a former name, looks up overrides, reads and decodes the
    /// stored value, then binds it under the lock. Not generic: the key's typed work is behind ``ErasedKey``.
    @usableFromInline @inline(never)
    func bind(_ key: any ErasedKey, _ unbound: UnboundKey) -> ReadAction {
        let name = keyPrefix + key.name
        let slot = slot(key.storeID, for: name)
        let link = links[slot]
        if key.isSecret { link.markSecret(name) }
        moveFormerValue(of: key, to: StoredKey(storeID: key.storeID, name: name), via: link)
        let override = overrides.isEmpty ? nil : overrideValue(for: key)
        // Read the store outside the lock; retry if a link update raced the read. After a few races, keep the value
        // read and read the key back behind it, on the link's queue, after the updates.
        for attempt in 1...Self.firstReadAttempts {
            let force = attempt == Self.firstReadAttempts
            let (value, failure, sequence) = link.read(name)
            if let failure {
                let reason = SecretRedaction.text(of: failure, isSecret: link.isSecret(name))
                logger.error(
                    "Prefs: could not read '\(describe(name, in: key.storeID))': \(reason); reading the default")
            }
            let decoded = key.decode(override?.value ?? value, reportingTo: logger, storedAs: name)
            let first = FirstRead(
                unbound: unbound, key: key, slot: slot, name: name, value: value, sequence: sequence,
                override: override, decoded: decoded)
            guard let read = lockedBind(first, force: force) else { continue }
            if force { link.scheduleReadBack([name]) }
            return read
        }
        preconditionFailure("unreachable: the last attempt always binds the key")
    }

    /// How often a first read is tried while link updates race it, before it settles for a read back behind.
    static let firstReadAttempts = 3

    /// Reads a read-through key from its store (or its local write on the way there) and brings the cache in line
    /// with it, waking the key's observers if it changed: the read path of stores whose contents change in this
    /// process without a report (UserDefaults on Linux). A failed read is reported and the cache answers.
    private func readThrough(_ binding: BindingID) -> ReadAction {
        let target = lockedWriteTarget(binding)
        let link = links[target.slot]
        // A local write on its way is read as it is: the cache already holds it.
        let (value, failure, sequence) = link.read(target.name)
        if let failure {
            let reason = SecretRedaction.text(of: failure, isSecret: link.isSecret(target.name))
            logger.error(
                "Prefs: could not read '\(describe(target.name, in: target.key.storeID))': \(reason); reading the cached value"
            )
        }
        let (change, action) = lockedReadThrough(binding, read: failure == nil ? (value, sequence) : nil)
        if let change { perform(change) }
        return action
    }

}
