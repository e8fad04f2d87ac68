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
        let binding = resolve(keyPath)
        let id = state.withLock { $0.observers.makeID() }
        addValueObserver(binding, id: id) { old, new in onChange(PreferenceChange(oldValue: old, newValue: new)) }
        return PreferenceObservationToken { [weak self] in self?.removeObserver(id, from: binding) }
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
        let binding = resolve(keyPath)
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        let id = state.withLock { $0.observers.makeID() }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(id, from: binding) }
        addValueObserver(
            binding, id: id, finish: { continuation.finish() },
            current: includingCurrent ? { continuation.yield($0) } : nil
        ) { _, new in
            continuation.yield(new)
        }
        return stream
    }

    /// Registers an observer of a key's typed values; `current`, when given, gets the key's value under the same
    /// lock as the registration, so that no change slips between the two, and `onChange` gets each change that a
    /// reader can see.
    ///
    /// - Returns: The value handed to `current`; nil when the observer was removed before it was added, or when no
    ///   current value was asked for.
    @discardableResult
    func addValueObserver<Value>(
        _ binding: TypedKeyBinding<Value>,
        id: UInt64,
        finish: (@Sendable () -> Void)? = nil,
        current: ((Value) -> Void)? = nil,
        onChange: @escaping @Sendable (_ old: Value, _ new: Value) -> Void
    ) -> Value? {
        let observer = Observer(
            binding: binding,
            notify: { old, new in
                onChange(TypedKeyBinding<Value>.value(in: old), TypedKeyBinding<Value>.value(in: new))
            },
            finish: finish
        )
        guard let current else {
            state.withLock { _ = $0.observers.add(observer, id: id, to: binding.entry) }
            return nil
        }
        // The current value is decoded outside the lock first; only if a change invalidates it again and again is
        // it decoded under the lock.
        for attempt in 1...3 {
            _ = readUncached(binding)
            let registered = state.withLock { state -> (added: Bool, value: Value?)? in
                var decoded = binding.decoded
                if decoded == nil, attempt == 3 {
                    decoded = binding.decodeBox(binding.entry.visibleValue, logger: logger).box
                }
                guard let decoded else { return nil }
                guard state.observers.add(observer, id: id, to: binding.entry) else { return (false, nil) }
                let value = TypedKeyBinding<Value>.value(in: decoded)
                current(value)
                return (true, value)
            }
            if let registered { return registered.value }
        }
        preconditionFailure("unreachable: the last attempt always registers")
    }

    /// Removes an observer; one not added yet is remembered so that it is never added.
    func removeObserver(_ id: UInt64, from binding: KeyBinding) {
        state.withLock { $0.observers.remove(id, from: binding.entry) }
    }

    /// How many observers are registered, across all keys (for tests of observer lifetimes).
    var observerCount: Int {
        state.withLock { $0.entries.values.reduce(0) { $0 + $1.observers.count } }
    }
}
