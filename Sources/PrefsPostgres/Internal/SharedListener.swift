internal import Logging
internal import PostgresNIO
internal import Prefs

/// One listening session for the stores of a process that hold the same namespace on the same server, database and
/// role (``PostgresPreferenceStore/Configuration/sharesListener``): it `LISTEN`s on the namespace's channel, reads each
/// notification once, and hands it to every store, which applies it to its own copy. Each store reads what it missed
/// on its own session, after this session listens: at its start, and every time this session is made again.
final class SharedListener: Sendable {
    /// What a process's stores share a listener by.
    struct Key: Hashable, Sendable {
        var server: String
        var database: String
        var role: String
        var namespace: String

        init(_ configuration: PostgresPreferenceStore.Configuration) {
            let connection = configuration.connection
            server = connection.host.map { "\($0):\(connection.port ?? 5432)" } ?? connection.unixSocketPath ?? ""
            database = connection.database ?? connection.username
            role = connection.username
            namespace = configuration.namespace
        }
    }

    private struct Subscriber {
        weak var watcher: ChangeWatcher?
    }

    private struct State {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        /// The namespace id whose channel the current connection listens to.
        var listeningTo: Int64?
        /// Stores waiting for the session to listen to a namespace id.
        var waiters: [(id: Int64, promise: EventLoopPromise<Void>)] = []
        var isReconnecting = false
        var isClosed = false
    }

    private static let listeners = Lock<[Key: WeakListener]>([:])

    private struct WeakListener {
        weak var listener: SharedListener?
    }

    private let key: Key
    private let connection: ManagedConnection
    private let logger: Logger
    private let state = Lock(State())

    private init(key: Key, core: StoreCore) {
        self.key = key
        self.connection = core.makeConnection()
        var logger = core.logger
        logger[metadataKey: "prefs.instance"] = "shared listener"
        self.logger = logger
    }

    /// The listener of `core`'s server and namespace in this process, created on first use, with `watcher`
    /// subscribed to it.
    static func subscribe(_ watcher: ChangeWatcher, core: StoreCore) -> SharedListener {
        let key = Key(core.configuration)
        let (listener, isNew) = listeners.withLock { listeners -> (SharedListener, Bool) in
            if let existing = listeners[key]?.listener, !existing.state.withLock({ $0.isClosed }) {
                return (existing, false)
            }
            let created = SharedListener(key: key, core: core)
            listeners = listeners.filter { $0.value.listener != nil }
            listeners[key] = WeakListener(listener: created)
            return (created, true)
        }
        listener.state.withLock { $0.subscribers[ObjectIdentifier(watcher)] = Subscriber(watcher: watcher) }
        if isNew {
            listener.connection.prepareEveryConnection { [weak listener] in
                listener?.prepare($0) ?? ChangeWatcher.gone($0)
            }
        }
        return listener
    }

    /// Unsubscribes a store; the last one closes the session.
    func unsubscribe(_ watcher: ChangeWatcher) {
        let isLast = state.withLock { state in
            state.subscribers.removeValue(forKey: ObjectIdentifier(watcher))
            state.subscribers = state.subscribers.filter { $0.value.watcher != nil }
            state.isClosed = state.subscribers.isEmpty
            return state.isClosed
        }
        guard isLast else { return }
        let waiters = state.withLock { state in
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.promise.fail(StoreFailure(kind: .closed, reason: "the store is closed")) }
        connection.close()
    }

    /// Succeeds once the session listens to the channel of namespace `id`, connecting it when needed; fails when the
    /// connection cannot be made (the store's start or reconnection then fails too, and is retried).
    func listening(to id: Int64, on loop: any EventLoop) -> EventLoopFuture<Void> {
        let promise = loop.makePromise(of: Void.self)
        let (ready, listensElsewhere) = state.withLock { state -> (Bool, Bool) in
            if state.listeningTo == id, connection.current != nil { return (true, false) }
            state.waiters.append((id, promise))
            return (false, state.listeningTo != nil && state.listeningTo != id)
        }
        if ready {
            promise.succeed(())
        } else if listensElsewhere {
            connection.current?.close()  // the namespace was created again: the new connection listens to its id
        } else {
            connection.connection().whenFailure { [weak self] error in self?.failWaiters(error) }
        }
        return promise.futureResult
    }

    /// Makes the session again, to listen to another id of the namespace (it was dropped and created again).
    func listenAnew() {
        connection.current?.close()
    }

    private func failWaiters(_ error: any Error) {
        let waiters = state.withLock { state in
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.promise.fail(error) }
    }

    /// Runs on every new connection: the namespace's id, `LISTEN` on its channel (done once a query after it
    /// returns), then the waiting stores are served and every store reads what it missed.
    private func prepare(_ connection: GuardedConnection) -> EventLoopFuture<Void> {
        connection.query(Statements.namespaceID(key.namespace), logger: logger).flatMapThrowing { result -> Int64 in
            guard let row = result.rows.first, let id = try row.decode((Int64?, [String]).self).0 else {
                throw StoreFailure(kind: .namespaceNotFound, reason: "the namespace has no row to listen to yet")
            }
            return id
        }.flatMap { [weak self] id -> EventLoopFuture<Int64> in
            guard let self else {
                return connection.eventLoop.makeFailedFuture(StoreFailure(kind: .closed, reason: "gone"))
            }
            connection.raw.addListener(channel: "prefs_changes_\(id)") { [weak self] _, notification in
                self?.received(notification.payload)
            }
            return connection.query("SELECT 1", logger: logger).map { _ in id }
        }.map { [weak self] id in
            self?.listened(to: id, on: connection)
        }
    }

    private func listened(to id: Int64, on connection: GuardedConnection) {
        let (ready, others, subscribers) = state.withLock { state in
            state.listeningTo = id
            let ready = state.waiters.filter { $0.id == id }
            state.waiters.removeAll { $0.id == id }
            return (ready, !state.waiters.isEmpty, state.subscribers.values.compactMap(\.watcher))
        }
        connection.closeFuture.whenComplete { [weak self] _ in self?.lost() }
        for waiter in ready { waiter.promise.succeed(()) }
        if others { connection.close() }  // a store found the namespace under another id: listen to that one
        for watcher in subscribers { watcher.listenerConnected() }
    }

    private func lost() {
        let subscribers = state.withLock { state -> [ChangeWatcher]? in
            state.listeningTo = nil
            return state.isClosed ? nil : state.subscribers.values.compactMap(\.watcher)
        }
        guard let subscribers else { return }
        for watcher in subscribers { watcher.listenerLost() }
        reconnect()
    }

    private func reconnect() {
        let starts = state.withLock { state -> Bool in
            guard !state.isReconnecting, !state.isClosed else { return false }
            state.isReconnecting = true
            return true
        }
        guard starts else { return }
        connection.connection().whenComplete { [weak self] result in
            guard let self else { return }
            state.withLock { $0.isReconnecting = false }
            if case .failure(let error) = result {
                failWaiters(error)
                guard !state.withLock({ $0.isClosed }) else { return }
                logger.debug("Prefs: could not reconnect the shared listener: \(StoreFailure(error)); retrying")
                reconnect()
            }
        }
    }

    private func received(_ payload: String) {
        guard let notification = ChangeNotification(parsing: payload) else {
            logger.warning("Prefs: ignoring a notification that is not from Prefs' triggers")
            return
        }
        for watcher in watchers() { watcher.apply(notification) }
    }

    private func watchers() -> [ChangeWatcher] {
        state.withLock { $0.subscribers.values.compactMap(\.watcher) }
    }
}
