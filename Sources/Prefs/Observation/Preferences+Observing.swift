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
        let yieldCurrent: (@Sendable (Value) -> Void)?
        if includingCurrent {
            yieldCurrent = { @Sendable value in _ = continuation.yield(value) }
        } else {
            yieldCurrent = nil
        }
        addValueObserver(binding, id: id, finish: { continuation.finish() }, current: yieldCurrent) { _, new in
            continuation.yield(new)
        }
        return stream
    }

    /// Registers an observer of a key's typed values; `onChange` gets each change that a reader can see.
    ///
    /// With `current`, the key's value at the registration is handed to it first, through the container's delivery
    /// queue, so that it comes before every later change (on this thread, or the one already delivering). Without
    /// it, nothing is delivered but changes. Nothing is decoded under the lock.
    func addValueObserver<Value>(
        _ binding: TypedKeyBinding<Value>,
        id: UInt64,
        finish: (@Sendable () -> Void)? = nil,
        current: (@Sendable (Value) -> Void)? = nil,
        onChange: @escaping @Sendable (_ old: Value, _ new: Value) -> Void
    ) {
        if binding.readsThrough { _ = readUncached(binding) }
        let observer = Observer(
            binding: binding,
            notify: { old, new in
                onChange(TypedKeyBinding<Value>.value(in: old), TypedKeyBinding<Value>.value(in: new))
            },
            finish: finish
        )
        let deliver = state.withLock { state -> Bool in
            guard state.observers.add(observer, id: id, to: binding.entry), let current else { return false }
            let initial = DeliveryItem.Initial(
                binding: binding, decoded: binding.decoded, stored: binding.entry.visibleValue,
                deliver: { current(TypedKeyBinding<Value>.value(in: $0)) })
            state.deliveries.append(.initial(initial))
            return state.deliveries.claim()
        }
        if deliver { deliverQueuedChanges() }
    }

    /// Registers an observer of a key's typed values and returns the key's value at the registration (decoded
    /// outside the lock); `onChange` gets each later change. The building block of the Combine publishers, which
    /// put the value first themselves.
    func addValueObserverReturningCurrent<Value>(
        _ binding: TypedKeyBinding<Value>,
        id: UInt64,
        onChange: @escaping @Sendable (_ old: Value, _ new: Value) -> Void
    ) -> Value {
        if binding.readsThrough { _ = readUncached(binding) }
        let observer = Observer(
            binding: binding,
            notify: { old, new in
                onChange(TypedKeyBinding<Value>.value(in: old), TypedKeyBinding<Value>.value(in: new))
            },
            finish: nil
        )
        let (decoded, stored) = state.withLock { state in
            _ = state.observers.add(observer, id: id, to: binding.entry)
            return (binding.decoded, binding.entry.visibleValue)
        }
        return TypedKeyBinding<Value>.value(in: decoded ?? binding.decodeBox(stored, logger: logger).box)
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
