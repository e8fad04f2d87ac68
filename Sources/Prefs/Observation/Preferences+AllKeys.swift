extension Preferences {
    /// The names (without the container's prefix) of keys whose values change, as they change.
    ///
    /// ```swift
    /// for await name in prefs.changedKeys() { print("\(name) changed") }
    /// ```
    ///
    /// The same rules as per-key observation hold: a write that changes nothing yields nothing, and
    /// the sequence is fed outside every lock, so the consumer may read and write any key. It
    /// reports keys this container has used, and keys a store reports as changed from outside.
    ///
    /// - Returns: An async sequence that ends when the consuming task is cancelled.
    public func changedKeys() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let id = addKeyNameObserver(
            KeyNameObserver(notify: { continuation.yield($0) }, finish: { continuation.finish() }))
        continuation.onTermination = { [weak self] _ in self?.removeKeyNameObserver(id) }
        return stream
    }
}
