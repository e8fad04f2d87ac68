internal import Dispatch
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
    let handlers = ChangeHandlers()
    private let closed = Lock(false)
    /// Delivers reports in order, off the event loop (a handler may block, a container's does not).
    private let reports = DispatchQueue(label: "Prefs.PostgresPreferenceStore.changes")

    init(configuration: PostgresPreferenceStore.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        self.loop = StoreEventLoop.group.next()
        self.backoff = Backoff(first: configuration.retryDelay, maximum: configuration.maximumRetryDelay)
    }

    var namespace: String { configuration.namespace }

    /// Who the store connects as and where, for messages: never the password.
    var target: String {
        let connection = configuration.connection
        let server =
            connection.host.map { "\($0):\(connection.port ?? 5432)" } ?? connection.unixSocketPath ?? "a channel"
        return "role '\(connection.username)' at \(server), database '\(connection.database ?? connection.username)'"
    }

    /// Whether the store was closed.
    var isClosed: Bool {
        get { closed.withLock { $0 } }
        set { closed.withLock { $0 = newValue } }
    }

    /// Tells the change handlers which keys changed, in order and off the event loop.
    func report(_ keys: Set<String>) {
        guard !keys.isEmpty else { return }
        reports.async { [handlers] in handlers.notify(keys) }
    }
}
