/// The handlers registered with a store, and the reports waiting for them: what a store needs to implement
/// ``PreferenceStore/observeChanges(_:)``.
///
/// Reports reach the handlers in the order the store queued them, one report at a time, outside the store's locks.
/// Queue a report where the change is made, while holding the lock that orders your changes (queuing only
/// appends), and deliver after releasing it:
///
/// ```swift
/// private let observers = PreferenceStoreObservers()
///
/// func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken {
///     observers.add(handler)
/// }
///
/// func write(_ changes: PreferenceStoreWrites) throws {
///     let origin = PreferenceWriteOrigin.current
///     lock.withLock {
///         let changed = apply(changes)
///         observers.enqueue(PreferenceStoreChange(values: changed, origin: origin))
///     }
///     observers.deliver()
/// }
/// ```
public final class PreferenceStoreObservers: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        /// The handlers' IDs, in the order they were added (a store has few handlers: an array, not a dictionary).
        var ids: [UInt64] = []
        /// The handlers, in the same order, handed to each delivery without copying them out again.
        var observers: [@Sendable (PreferenceStoreChange) -> Void] = []
        var reports = DeliveryQueue<PreferenceStoreChange>()
    }

    private let state = Lock(State())

    /// Creates an empty set of handlers.
    public init() {}

    /// Registers a handler.
    ///
    /// - Parameter handler: Called with each report, in order.
    /// - Returns: A token that unregisters the handler when cancelled or released.
    public func add(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.ids.append(state.nextID)
            state.observers.append(handler)
            return state.nextID
        }
        return PreferenceObservationToken { [weak self] in
            self?.state.withLock { state in
                guard let index = state.ids.firstIndex(of: id) else { return }
                state.ids.remove(at: index)
                state.observers.remove(at: index)
            }
        }
    }

    /// Queues a report for every handler; does nothing for an empty report or when no handler is registered.
    /// Cheap: call it inside the lock that orders your changes, then ``deliver()`` outside it.
    ///
    /// - Parameter change: The report.
    public func enqueue(_ change: PreferenceStoreChange) {
        guard !change.isEmpty else { return }
        state.withLock { state in
            if !state.observers.isEmpty { state.reports.append(change) }
        }
    }

    /// Hands every queued report to every handler, in order. Call it outside your locks; a thread that finds
    /// another one delivering leaves its reports to that thread.
    public func deliver() {
        deliverInOrder {
            state.withLock { $0.reports.claim() }
        } next: {
            state.withLock { state in
                state.reports.popFirst().map { ($0, state.observers) }
            }
        } deliver: { report, handlers in
            for handler in handlers { handler(report) }
        }
    }

    /// Queues a report and delivers it: for a store whose changes are made one at a time, outside its locks.
    ///
    /// - Parameter change: The report.
    public func report(_ change: PreferenceStoreChange) {
        enqueue(change)
        deliver()
    }

    /// Whether any handler is registered.
    public var isEmpty: Bool { state.withLock { $0.observers.isEmpty } }
}
