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
    /// outside change, the thread that delivers the store's report). It may read and write any key.
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
        let id = makeObserverID()
        addValueObserver(keyPath, binding, id: id) { old, new in
            onChange(PreferenceChange(oldValue: old, newValue: new))
        }
        return PreferenceObservationToken { [weak self] in self?.removeObserver(id, of: binding) }
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
        let id = makeObserverID()
        continuation.onTermination = { [weak self] _ in self?.removeObserver(id, of: binding) }
        var current: (@Sendable (Value) -> Void)?
        if includingCurrent { current = { @Sendable value in _ = continuation.yield(value) } }
        addValueObserver(keyPath, binding, id: id, finish: { continuation.finish() }, current: current) { _, new in
            continuation.yield(new)
        }
        return stream
    }

    /// Registers an observer of a key's typed values; `onChange` gets each change that a reader can see.
    ///
    /// With `current`, the key's value at the registration is handed to it first, through the container's delivery
    /// queue, so that it comes before every later change (on this thread, or the one already delivering). Without
    /// it, nothing is delivered but changes. Nothing is decoded under the lock.
    private func addValueObserver<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ binding: BindingID,
        id: UInt64,
        finish: (@Sendable () -> Void)? = nil,
        current: (@Sendable (Value) -> Void)? = nil,
        onChange: @escaping @Sendable (_ old: Value, _ new: Value) -> Void
    ) {
        let observer = makeObserver(keyPath, binding, finish: finish, onChange: onChange)
        var initial: (@Sendable (DecodedStorage) -> Void)?
        if let current { initial = { @Sendable stored in current(TypedKey<Value>.value(in: stored)) } }
        if let first = lockedAddObserver(observer, id: id, initial: initial) { deliver(from: first) }
    }

    /// Registers an observer of a key's typed values and returns the key's value at the registration (decoded
    /// outside the lock); `onChange` gets each later change. The building block of the Combine publishers, which
    /// put the value first themselves.
    func addValueObserverReturningCurrent<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ binding: BindingID,
        id: UInt64,
        onChange: @escaping @Sendable (_ old: Value, _ new: Value) -> Void
    ) -> Value {
        let observer = makeObserver(keyPath, binding, finish: nil, onChange: onChange)
        let (decoded, stored) = lockedAddObserverReturningCurrent(observer, id: id)
        let current = decoded ?? observer.key.decode(stored, reportingTo: logger, as: "\(keyPath)")
        return TypedKey<Value>.value(in: current.value)
    }

    /// An observer of a bound key path, once a store that is read through has been read (so that it starts from
    /// what the store holds).
    private func makeObserver<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ binding: BindingID,
        finish: (@Sendable () -> Void)?,
        onChange: @escaping @Sendable (_ old: Value, _ new: Value) -> Void
    ) -> Observer {
        let target = lockedWriteTarget(binding)
        if slots[target.slot].link.requiresReadThrough { _ = self[keyPath] }
        return Observer(
            binding: binding, key: target.key,
            notify: { old, new in onChange(TypedKey<Value>.value(in: old), TypedKey<Value>.value(in: new)) },
            finish: finish)
    }
}
