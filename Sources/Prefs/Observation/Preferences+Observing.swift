extension Preferences {
    /// Calls `onChange` with the old and new value each time the key's value changes.
    ///
    /// ```swift
    /// let token = prefs.observe(\.theme) { change in apply(change.newValue) }
    /// ```
    ///
    /// The observer is never called for another key, nor for a write that leaves the value unchanged.
    /// It runs outside every lock, one change at a time and in the order the changes were made: on
    /// the thread that made the change, or on the thread already delivering earlier changes (for an
    /// outside change, the container's writer queue). It may read and write any key.
    ///
    /// - Parameters:
    ///   - keyPath: The key.
    ///   - onChange: Called with each change.
    /// - Returns: A token; the observation stops when it is cancelled or released.
    public func observe<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ onChange: @escaping @Sendable (PreferenceChange<Value>) -> Void
    ) -> PreferenceObservationToken {
        let resolved = resolve(keyPath)
        let id = addValueObserver(resolved) { old, new in onChange(PreferenceChange(oldValue: old, newValue: new)) }
        return PreferenceObservationToken { [weak self] in
            self?.removeObserver(id, from: resolved.storedKey)
        }
    }

    /// The key's current value, then each new value, until the consuming task is cancelled.
    ///
    /// ```swift
    /// for await theme in prefs.values(\.theme) { apply(theme) }
    /// ```
    ///
    /// - Parameter keyPath: The key.
    /// - Returns: An async sequence that never yields for other keys or for writes that change nothing.
    public func values<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> AsyncStream<Value> {
        stream(keyPath, includingCurrent: true)
    }

    /// Each new value of the key, without the current one, until the consuming task is cancelled.
    ///
    /// ```swift
    /// for await theme in prefs.changes(\.theme) { apply(theme) }
    /// ```
    ///
    /// - Parameter keyPath: The key.
    /// - Returns: An async sequence that never yields for other keys or for writes that change nothing.
    public func changes<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> AsyncStream<Value> {
        stream(keyPath, includingCurrent: false)
    }

    private func stream<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        includingCurrent: Bool
    ) -> AsyncStream<Value> {
        _ = self[keyPath]  // resolve and decode, so the current value is usually cached
        let resolved = resolve(keyPath)
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        let id = state.withLock { $0.makeObserverID() }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(id, from: resolved.storedKey) }
        addValueObserver(resolved, id: id, finish: { continuation.finish() }) { current in
            if includingCurrent { continuation.yield(current) }
        } onChange: { _, new in
            continuation.yield(new)
        }
        return stream
    }

    /// Registers an observer of a key's typed values: `current` gets the key's value under the same
    /// lock as the registration, so that no change slips between the two, and `onChange` gets each
    /// change that a reader can see (equal values are skipped).
    @discardableResult
    func addValueObserver<Value>(
        _ resolved: ResolvedKey<Value>,
        id: UInt64? = nil,
        finish: (@Sendable () -> Void)? = nil,
        current: (Value) -> Void = { _ in },
        onChange: @escaping @Sendable (_ old: Value, _ new: Value) -> Void
    ) -> UInt64 {
        let key = resolved.key
        return addObserver(resolved.storedKey, id: id, finish: finish) { state in
            if let decoded = resolved.binding.decoded {
                current(unsafeDowncast(decoded as AnyObject, to: DecodedValue<Value>.self).value)
            } else {
                current(key.decodedOrDefault(state.entries[resolved.storedKey]?.visibleValue))
            }
        } notify: { old, new in
            let oldValue = key.decodedOrDefault(old), newValue = key.decodedOrDefault(new)
            if !key.isSameValue(oldValue, newValue) { onChange(oldValue, newValue) }
        }
    }

    /// Registers an observer of a stored key; returns its ID.
    @discardableResult
    func addObserver(
        _ storedKey: StoredKey,
        id: UInt64? = nil,
        finish: (@Sendable () -> Void)? = nil,
        whileLocked: (inout ContainerState) -> Void = { _ in },
        notify: @escaping ObserverCallback
    ) -> UInt64 {
        state.withLock { state in
            let id = id ?? state.makeObserverID()
            if state.retiredObserverIDs.remove(id) != nil { return id }
            whileLocked(&state)
            state.entries[storedKey]?.observers[id] = Observer(notify: notify, finish: finish)
            return id
        }
    }

    /// Removes an observer; one not added yet is remembered so that it is never added.
    func removeObserver(_ id: UInt64, from storedKey: StoredKey) {
        state.withLock { state in
            if state.entries[storedKey]?.observers.removeValue(forKey: id) == nil {
                state.retiredObserverIDs.insert(id)
            }
        }
    }

    /// How many observers are registered, across all keys (for tests of observer lifetimes).
    var observerCount: Int {
        state.withLock { $0.entries.values.reduce(0) { $0 + $1.observers.count } }
    }
}
