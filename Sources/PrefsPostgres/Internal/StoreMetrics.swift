internal import CoreMetrics
internal import Foundation

/// The store's metrics, through swift-metrics: every one with the dimensions `namespace` and `instance` (see
/// ``PostgresPreferenceStore/Configuration/instanceName``), made by the configuration's factory or, without one, by
/// the factory the process bootstrapped (`MetricsSystem.bootstrap`). The names are in ``Names``.
final class StoreMetrics: Sendable {
    /// The metrics' names (labels), as a metrics backend shows them.
    enum Names {
        /// Counter: keys written by this instance, counted when the store accepts them.
        static let writes = "prefs_postgres_writes"
        /// Timer: from a write's acceptance to its commit (a batch: from its oldest write).
        static let writeDuration = "prefs_postgres_write_duration"
        /// Recorder: the keys in each batch committed.
        static let batchSize = "prefs_postgres_batch_size"
        /// Gauge: the keys written by this instance and not committed yet.
        static let queuedWrites = "prefs_postgres_queued_writes"
        /// Timer: from a change's time in the database (its commit, by the database's clock) until this instance
        /// applied it, for the changes of other writers.
        static let applyLag = "prefs_postgres_apply_lag"
        /// Counter: connections made again after one was lost or could not be made.
        static let reconnects = "prefs_postgres_reconnects"
        /// Counter: reads of the changes above the instance's version (after a notification it could not apply
        /// alone, a reconnection, a health check).
        static let catchUps = "prefs_postgres_catch_ups"
        /// Counter: reads of the whole namespace after a gap, with the dimension `gap` (see ``NamespaceGap``).
        static let resyncs = "prefs_postgres_resyncs"
        /// Gauge: the connection state: 2 connected, 1 catching up, 0 offline.
        static let connectionState = "prefs_postgres_connection_state"
    }

    private let writes: Counter
    private let writeDuration: CoreMetrics.Timer
    private let batchSize: Recorder
    private let queuedWrites: Gauge
    private let applyLag: CoreMetrics.Timer
    private let reconnects: Counter
    private let catchUps: Counter
    private let connectionState: Gauge
    private let factory: any MetricsFactory
    private let dimensions: [(String, String)]

    init(namespace: String, instance: String, factory: (any MetricsFactory)?) {
        let factory = factory ?? MetricsSystem.factory
        let dimensions = [("namespace", namespace), ("instance", instance)]
        self.factory = factory
        self.dimensions = dimensions
        writes = Counter(label: Names.writes, dimensions: dimensions, factory: factory)
        writeDuration = CoreMetrics.Timer(label: Names.writeDuration, dimensions: dimensions, factory: factory)
        batchSize = Recorder(label: Names.batchSize, dimensions: dimensions, aggregate: true, factory: factory)
        queuedWrites = Gauge(label: Names.queuedWrites, dimensions: dimensions, factory: factory)
        applyLag = CoreMetrics.Timer(label: Names.applyLag, dimensions: dimensions, factory: factory)
        reconnects = Counter(label: Names.reconnects, dimensions: dimensions, factory: factory)
        catchUps = Counter(label: Names.catchUps, dimensions: dimensions, factory: factory)
        connectionState = Gauge(label: Names.connectionState, dimensions: dimensions, factory: factory)
    }

    /// Counts keys the store accepted for writing.
    func accepted(writes count: Int) {
        writes.increment(by: count)
    }

    /// Records a committed batch: its keys, and the time since its oldest write was accepted.
    func committed(keys: Int, acceptedAt: ContinuousClock.Instant) {
        batchSize.record(keys)
        let (seconds, attoseconds) = (ContinuousClock.now - acceptedAt).components
        writeDuration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Records how many keys wait to be committed.
    func queued(_ count: Int) {
        queuedWrites.record(count)
    }

    /// Records the lag of a change applied now that the database timed at `changedAt` (microseconds since 1970).
    func applied(changedAt: Int64) {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        applyLag.recordMicroseconds(max(0, now - changedAt))
    }

    /// Counts a connection made again.
    func reconnected() {
        reconnects.increment()
    }

    /// Counts a read of the changes above the instance's version.
    func caughtUp() {
        catchUps.increment()
    }

    /// Records the connection state: 2 connected, 1 catching up, 0 offline.
    func connection(_ state: PostgresPreferenceStore.ConnectionState) {
        switch state {
        case .connected: connectionState.record(2)
        case .catchingUp: connectionState.record(1)
        case .offline: connectionState.record(0)
        }
    }

    /// Counts a read of the whole namespace after `gap`.
    func resynced(after gap: NamespaceGap) {
        Counter(label: Names.resyncs, dimensions: dimensions + [("gap", gap.metricName)], factory: factory)
            .increment()
    }
}
