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
    @inlinable
    public func observe<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ onChange: @escaping @Sendable (PreferenceChange<Value>) -> Void
    ) -> PreferenceObservationToken {
        addValueObserver(keyPath) { old, new in onChange(PreferenceChange(oldValue: old, newValue: new)) }.token
    }

    /// The key's current value, then each new value, until the consuming task is cancelled.
    ///
    /// ```swift
    /// for await theme in prefs.values(\.theme) { apply(theme) }
    /// ```
    ///
    /// - Parameter keyPath: The key.
    /// - Returns: An async sequence that never yields for other keys or for writes that change nothing.
    @inlinable
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
    @inlinable
    public func changes<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> AsyncStream<Value> {
        stream(keyPath, includingCurrent: false)
    }

    /// Inlinable, like its callers: the closures that make the change and yield it are specialized in the caller's
    /// module, where the value's type is known (made here, they would look up generic metadata on every change).
    @inlinable
    func stream<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        includingCurrent: Bool
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        let (token, _) = addValueObserver(keyPath, finish: { continuation.finish() }, initial: includingCurrent) {
            _, new in
            continuation.yield(new)
        }
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }

    /// Registers an observer of a key's typed values; `onChange` gets each change that a reader can see. A store
    /// that is read through is read first, so that the observer starts from what it holds.
    ///
    /// With `initial`, the key's value at the registration is handed to it first (as the old and the new value),
    /// through the container's delivery queue, so that it comes before every later change (on this thread, or the one
    /// already delivering). Nothing is decoded under the lock.
    ///
    /// - Returns: The token that ends the observation, and the key's value at the registration, to decode.
    @usableFromInline
    func addValueObserver<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        finish: (@Sendable () -> Void)? = nil,
        initial: Bool = false,
        onChange: @escaping @Sendable (_ old: Value, _ new: Value) -> Void
    ) -> (token: PreferenceObservationToken, current: CurrentValue) {
        let key = PreferenceKeys()[keyPath: keyPath]
        let binding = resolve(key)
        if link(key.storeID).requiresReadThrough { _ = value(of: key) }
        let observer = Observer(
            notify: { old, new in onChange(old.value(as: Value.self), new.value(as: Value.self)) }, finish: finish)
        let (id, current, first) = lockedAddObserver(observer, of: binding, initial: initial)
        if let first { deliver(from: first) }
        return (PreferenceObservationToken { [weak self] in self?.removeObserver(id, of: binding) }, current)
    }
}
