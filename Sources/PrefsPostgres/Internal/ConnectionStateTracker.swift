internal import Dispatch
internal import Foundation
internal import Logging
internal import Prefs

/// The listening session's state as the store shows it (``PostgresPreferenceStore/ConnectionState``): each change
/// is logged, recorded as a metric and handed to the observers in order, on a serial queue of its own.
final class ConnectionStateTracker: Sendable {
    private typealias State = PostgresPreferenceStore.ConnectionState

    private struct Tracked {
        var state: State
        /// Since when the instance has not been connected (kept while it catches up, in case that fails).
        var offlineSince: Date
        /// Whether the store was ever connected (its first connection is not news).
        var wasConnected = false
        var observers: [UInt64: @Sendable (State) -> Void] = [:]
        var nextObserver: UInt64 = 0
    }

    private let tracked: Lock<Tracked>
    private let logger: Logger
    private let metrics: StoreMetrics
    private let delivery = DispatchQueue(label: "Prefs.PostgresPreferenceStore.connectionState")

    init(logger: Logger, metrics: StoreMetrics) {
        let now = Date()
        tracked = Lock(Tracked(state: .offline(since: now), offlineSince: now))
        self.logger = logger
        self.metrics = metrics
        metrics.connection(.offline(since: now))
    }

    var state: PostgresPreferenceStore.ConnectionState { tracked.withLock { $0.state } }

    /// The session was lost, or a connection attempt (its catch-up included) failed.
    func lost() {
        transition { tracked in
            switch tracked.state {
            case .offline: return nil
            case .connected: tracked.offlineSince = Date()
            case .catchingUp: break
            }
            return .offline(since: tracked.offlineSince)
        }
    }

    /// A connection is made and the catch-up read is under way.
    func catchingUp() {
        transition { tracked in tracked.state == .catchingUp ? nil : .catchingUp }
    }

    /// The catch-up read is done.
    func caughtUp() {
        transition { tracked in tracked.state == .connected ? nil : .connected }
    }

    /// Registers an observer; the token unregisters it.
    func observe(
        _ handler: @escaping @Sendable (PostgresPreferenceStore.ConnectionState) -> Void
    )
        -> PreferenceObservationToken
    {
        let id = tracked.withLock { tracked in
            tracked.nextObserver += 1
            tracked.observers[tracked.nextObserver] = handler
            return tracked.nextObserver
        }
        return PreferenceObservationToken { [weak self] in
            _ = self?.tracked.withLock { $0.observers.removeValue(forKey: id) }
        }
    }

    private func transition(_ next: (inout Tracked) -> State?) {
        let change = tracked.withLock {
            tracked -> (State, since: Date, first: Bool, observers: [@Sendable (State) -> Void])? in
            guard let state = next(&tracked) else { return nil }
            tracked.state = state
            let first = !tracked.wasConnected
            if state == .connected { tracked.wasConnected = true }
            return (state, tracked.offlineSince, first, Array(tracked.observers.values))
        }
        guard let (state, since, first, observers) = change else { return }
        metrics.connection(state)
        switch state {
        case .connected:
            if first {
                logger.debug("Prefs: connected to PostgreSQL")
            } else {
                let seconds = String(format: "%.1f", Date().timeIntervalSince(since))
                logger.notice("Prefs: connected to PostgreSQL again after \(seconds) s offline; caught up")
            }
        case .catchingUp:
            logger.debug("Prefs: connected to PostgreSQL; catching up on the changes missed")
        case .offline(let since):
            logger.warning(
                "Prefs: offline since \(since.formatted(.iso8601)): not connected to PostgreSQL; reads answer the last values known, writes are queued"
            )
        }
        delivery.async { for observer in observers { observer(state) } }
    }
}
