internal import Logging
internal import PostgresNIO
internal import Prefs

/// What the parts of a store share: its settings, its in-memory copy of the namespace, and the
/// handlers it reports changes to.
final class StoreCore: Sendable {
    let configuration: PostgresPreferenceStore.Configuration
    let logger: Logger
    let loop: any EventLoop
    let backoff: Backoff
    let mirror = Lock(NamespaceMirror())
    let observers = PreferenceStoreObservers()
    private let closed = Lock(false)
    init(configuration: PostgresPreferenceStore.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        self.loop = StoreEventLoop.group.next()
        self.backoff = Backoff(first: configuration.retryDelay, maximum: configuration.maximumRetryDelay)
    }

    var namespace: String { configuration.namespace }

    /// A new connection to the configured server, made again whenever it is lost.
    func makeConnection() -> ManagedConnection {
        ManagedConnection(
            loop: loop, configuration: configuration.connection, backoff: backoff,
            timeout: configuration.operationTimeout.timeAmount, logger: logger)
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
        let changed = mirror.withLock { mirror in
            let changed = change(&mirror)
            observers.enqueue(PreferenceStoreChange(values: changed, origin: origin))
            return changed
        }
        if !changed.isEmpty { StoreEventLoop.delivery.deliver(observers) }
        return changed
    }
}
