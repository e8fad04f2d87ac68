/// The change handlers registered with a store, for stores to report changes with one call.
///
/// ```swift
/// private let handlers = ChangeHandlers()
/// func observeChanges(_ handler: @escaping @Sendable (Set<String>) -> Void) -> PreferenceObservationToken {
///     handlers.add(handler)
/// }
/// // after a change, outside the store's locks:
/// handlers.notify(changedKeys)
/// ```
public final class ChangeHandlers: Sendable {
    private let handlers = Lock<[UInt64: @Sendable (Set<String>) -> Void]>([:])
    private let nextID = Lock<UInt64>(0)

    /// Creates an empty set of handlers.
    public init() {}

    /// Registers a handler.
    ///
    /// - Parameter handler: Called with the changed keys.
    /// - Returns: A token that unregisters the handler when cancelled or released.
    public func add(_ handler: @escaping @Sendable (Set<String>) -> Void) -> PreferenceObservationToken {
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        handlers.withLock { $0[id] = handler }
        return PreferenceObservationToken { [weak self] in
            _ = self?.handlers.withLock { $0.removeValue(forKey: id) }
        }
    }

    /// Tells every handler which keys changed; does nothing for an empty set. Call it outside your locks.
    ///
    /// - Parameter keys: The changed keys.
    public func notify(_ keys: Set<String>) {
        guard !keys.isEmpty else { return }
        for handler in handlers.withLock({ Array($0.values) }) { handler(keys) }
    }

    /// Whether any handler is registered.
    public var isEmpty: Bool { handlers.withLock { $0.isEmpty } }
}
