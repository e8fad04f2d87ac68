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
    private let state = Lock<(nextID: UInt64, handlers: [UInt64: @Sendable (Set<String>) -> Void])>((0, [:]))

    /// Creates an empty set of handlers.
    public init() {}

    /// Registers a handler.
    ///
    /// - Parameter handler: Called with the changed keys.
    /// - Returns: A token that unregisters the handler when cancelled or released.
    public func add(_ handler: @escaping @Sendable (Set<String>) -> Void) -> PreferenceObservationToken {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.handlers[state.nextID] = handler
            return state.nextID
        }
        return PreferenceObservationToken { [weak self] in
            _ = self?.state.withLock { $0.handlers.removeValue(forKey: id) }
        }
    }

    /// Tells every handler which keys changed; does nothing for an empty set. Call it outside your locks.
    ///
    /// - Parameter keys: The changed keys.
    public func notify(_ keys: Set<String>) {
        guard !keys.isEmpty else { return }
        for handler in state.withLock({ Array($0.handlers.values) }) { handler(keys) }
    }

    /// Whether any handler is registered.
    public var isEmpty: Bool { state.withLock { $0.handlers.isEmpty } }
}
