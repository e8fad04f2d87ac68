internal import Logging
internal import PostgresNIO
internal import Prefs

/// What the parts of a store share: its settings, its in-memory copy of the namespace, the handlers it reports
/// changes to, its metrics, and its offline copy.
final class StoreCore: Sendable {
    let configuration: PostgresPreferenceStore.Configuration
    /// The logger, with the metadata `prefs.namespace` and `prefs.instance`.
    let logger: Logger
    let loop: any EventLoop
    let backoff: Backoff
    let mirror: Lock<NamespaceMirror>
    let observers = PreferenceStoreObservers()
    let metrics: StoreMetrics
    let offlineCopy: OfflineCopyWriter?
    private let closed = Lock(false)

    /// A core whose mirror starts from `restored` (the offline copy's contents, or an empty namespace).
    init(configuration: PostgresPreferenceStore.Configuration, logger: Logger, restored: NamespaceMirror) {
        self.configuration = configuration
        var logger = logger
        logger[metadataKey: "prefs.namespace"] = "\(configuration.namespace)"
        logger[metadataKey: "prefs.instance"] = "\(configuration.instanceName)"
        self.logger = logger
        self.loop = StoreEventLoop.group.next()
        self.backoff = Backoff(first: configuration.retryDelay, maximum: configuration.maximumRetryDelay)
        self.mirror = Lock(restored)
        self.metrics = StoreMetrics(
            namespace: configuration.namespace, instance: configuration.instanceName,
            factory: configuration.metricsFactory)
        self.offlineCopy = configuration.offlineCopy.map { OfflineCopyWriter(copy: $0, logger: logger) }
    }

    var namespace: String { configuration.namespace }

    /// A new connection to the configured server, made again whenever it is lost.
    func makeConnection() -> ManagedConnection {
        ManagedConnection(
            loop: loop, configuration: configuration.connection, backoff: backoff,
            timeout: configuration.operationTimeout.timeAmount, logger: logger,
            reconnected: { [metrics] in metrics.reconnected() })
    }

    /// Who the store connects as and where, for messages: never the password.
    var target: String { configuration.serverDescription }

    /// Whether the store was closed.
    var isClosed: Bool {
        get { closed.withLock { $0 } }
        set { closed.withLock { $0 = newValue } }
    }

    /// Changes the mirror and queues the report of the values that changed, under the mirror's lock so that reports
    /// keep the mirror's order; then delivers them off the event loop.
    ///
    /// - Parameters:
    ///   - origin: The origin of the write that made the change; nil for anyone else's.
    ///   - change: Changes the mirror and returns the new values of the keys whose visible values changed.
    /// - Returns: What `change` returned.
    @discardableResult
    func changeMirror(
        origin: PreferenceWriteOrigin? = nil,
        _ change: (inout NamespaceMirror) -> PreferenceStoreWrites
    ) -> PreferenceStoreWrites {
        let (changed, revised) = mirror.withLock { mirror in
            let revision = mirror.revision
            let changed = change(&mirror)
            observers.enqueue(PreferenceStoreChange(values: changed, origin: origin))
            return (changed, mirror.revision != revision)
        }
        if revised, let offlineCopy { offlineCopy.changed(self) }
        if !changed.isEmpty { StoreEventLoop.delivery.deliver(observers) }
        return changed
    }
}
