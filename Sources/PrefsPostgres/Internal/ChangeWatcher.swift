internal import Logging
internal import PostgresNIO
internal import Prefs

/// Keeps the in-memory copy current: a connection that listens on the namespace's channel and reads every row
/// changed since the last version it applied.
///
/// - On every (re)connection: the namespace's id (its channel), `LISTEN`, then read everything above the watermark.
///   The `LISTEN` is sent first on the same connection, so no change can fall between the two.
/// - On a notification of the version right above the watermark that carries its value (the triggers put it in when
///   it fits): apply it, with no query. On any other version above the watermark (a gap, a value too large to carry):
///   read again. One read runs at a time; a storm of notifications during a read makes one more read, not one per
///   notification.
/// - Every read checks that reading by version is complete (``NamespaceGap``); when it is not, the namespace is read
///   whole, and a namespace with a new id is listened to anew (the connection is made again).
/// - Changed keys are reported to the store's handlers (the container then wakes their observers).
/// - A lost connection is made again at once, then with backoff while the server cannot be reached; the state of it
///   all is ``PostgresPreferenceStore/ConnectionState``.
final class ChangeWatcher: Sendable {
    struct State {
        /// The namespace's id whose channel the current connection listens to.
        var listeningTo: Int64?
        var isSchemaReady = false
        var isReading = false
        var readAgain = false
        var isReconnecting = false
        var healthCheck: RepeatedTask?
        /// Told whether the next read succeeded.
        var nextReadWaiters: [@Sendable (Bool) -> Void] = []
        /// Told whether the running read succeeded.
        var readWaiters: [@Sendable (Bool) -> Void] = []
    }

    let core: StoreCore
    let connection: ManagedConnection
    /// The session whose queue the reads join when the store has one session: a read then never runs inside a
    /// transaction of the store (it would see the transaction's uncommitted rows). Nil with two sessions.
    let sharedSession: Session?
    let state = Lock(State())
    let tracker: ConnectionStateTracker
    /// The process's listener of the namespace, when the store shares one (``PostgresPreferenceStore/Configuration/sharesListener``):
    /// then `connection` is the store's session, which never listens.
    let sharedListener = Lock<SharedListener?>(nil)

    /// A watcher on `connection`; `sharedSession` is the store's session when it uses the same connection.
    init(core: StoreCore, connection: ManagedConnection, sharedSession: Session?) {
        self.core = core
        self.connection = connection
        self.sharedSession = sharedSession
        self.tracker = ConnectionStateTracker(logger: core.logger, metrics: core.metrics)
    }

    /// The state of the listening connection.
    var connectionState: PostgresPreferenceStore.ConnectionState { tracker.state }

    /// Registers an observer of ``connectionState``.
    func observeConnectionState(
        _ handler: @escaping @Sendable (PostgresPreferenceStore.ConnectionState) -> Void
    ) -> PreferenceObservationToken {
        tracker.observe(handler)
    }

    /// Connects for the first time: prepares the schema, registers the namespace, listens and loads it; reads
    /// changes at every health check interval from then on (also when the first connection failed: the store then
    /// started offline, and keeps trying to connect).
    func start() -> EventLoopFuture<Void> {
        if core.configuration.sharesListener {
            let listener = SharedListener.subscribe(self, core: core)
            sharedListener.withLock { $0 = listener }
        }
        connection.prepareEveryConnection { [weak self] in self?.prepare($0) ?? Self.gone($0) }
        let interval = core.configuration.healthCheckInterval.timeAmount
        let task = core.loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { [weak self] _ in
            self?.readChangesSoon()
        }
        state.withLock { $0.healthCheck = task }
        return connection.connection().map { _ in }
    }

    /// Keeps trying to connect after a first connection that failed (the store started offline).
    func connectInBackground() {
        reconnect()
    }

    /// Closes the connection; no reconnection follows.
    func close() {
        state.withLock { $0.healthCheck }?.cancel()
        sharedListener.withLock { $0 }?.unsubscribe(self)
        connection.close()
    }

    static func gone(_ connection: GuardedConnection) -> EventLoopFuture<Void> {
        connection.eventLoop.makeFailedFuture(StoreFailure(kind: .closed, reason: "the store is gone"))
    }

    /// Runs on every new connection before it is handed out: the schema (once), the namespace's id, `LISTEN`, the
    /// catch-up read.
    private func prepare(_ connection: GuardedConnection) -> EventLoopFuture<Void> {
        tracker.catchingUp()
        let logger = core.logger
        let configuration = core.configuration
        let schemaReady = state.withLock { $0.isSchemaReady }
        let schema =
            schemaReady
            ? connection.eventLoop.makeSucceededVoidFuture()
            : PostgresSchema.prepare(
                on: connection, creating: configuration.createsSchema, username: configuration.connection.username,
                logger: logger
            ).map { [state] in state.withLock { $0.isSchemaReady = true } }
        return schema.flatMap { [core] () -> EventLoopFuture<Void> in
            guard configuration.createsNamespace else { return connection.eventLoop.makeSucceededVoidFuture() }
            return connection.query(Statements.registerNamespace(core.namespace), logger: logger).map { _ in }
        }.flatMap { [core] in
            connection.query(Statements.namespaceID(core.namespace), logger: logger)
        }.flatMapThrowing { [core] result in
            guard let row = result.rows.first else {
                throw StoreFailure(kind: .server, reason: "the namespace's row is missing from prefs_namespaces")
            }
            let (found, namespaces) = try row.decode((Int64?, [String]).self)
            guard let id = found else {
                let list = namespaces.isEmpty ? "none" : namespaces.prefix(20).joined(separator: ", ")
                throw StoreFailure(
                    kind: .namespaceNotFound,
                    reason: "the database has no namespace '\(core.namespace)' (its namespaces: \(list)"
                        + (namespaces.count > 20 ? ", …)" : ")"))
            }
            return id
        }.flatMap { [weak self] (id: Int64) in
            guard let self else { return Self.gone(connection) }
            return listen(to: id, on: connection).flatMap { [weak self] in
                guard let self else { return Self.gone(connection) }
                state.withLock { $0.listeningTo = id }
                return readChanges(on: connection)
            }
        }.map { [weak self] in
            self?.tracker.caughtUp()
            connection.closeFuture.whenComplete { [weak self] _ in self?.connectionLost() }
        }
    }

    /// Listens to the channel of namespace `id` on `connection`, or has the shared listener listen to it.
    private func listen(to id: Int64, on connection: GuardedConnection) -> EventLoopFuture<Void> {
        if let listener = sharedListener.withLock({ $0 }) {
            return listener.listening(to: id, on: connection.eventLoop)
        }
        connection.raw.addListener(channel: "prefs_changes_\(id)") {  // digits only: safe as an identifier
            [weak self] _, notification in
            self?.received(notification.payload)
        }
        return connection.eventLoop.makeSucceededVoidFuture()
    }

    /// The shared listener listens again: read what was missed meanwhile.
    func listenerConnected() {
        tracker.catchingUp()
        readChangesSoon { [tracker] succeeded in if succeeded { tracker.caughtUp() } }
    }

    /// The shared listener lost its session: nothing is heard until it is made again.
    func listenerLost() {
        tracker.lost()
    }

    private func connectionLost() {
        guard !core.isClosed else { return }
        tracker.lost()
        reconnect()
    }

    private func reconnect() {
        let start = state.withLock { state -> Bool in
            defer { state.isReconnecting = true }
            return !state.isReconnecting
        }
        guard start, !core.isClosed else { return }
        connection.connection().whenComplete { [weak self] result in
            guard let self else { return }
            state.withLock { $0.isReconnecting = false }
            if case .failure(let error) = result {
                let failure = StoreFailure(error)
                guard failure.kind != .closed, !core.isClosed else { return }
                tracker.lost()
                core.logger.debug("Prefs: could not reconnect to watch for changes: \(failure); retrying")
                reconnect()
            }
        }
    }
}
