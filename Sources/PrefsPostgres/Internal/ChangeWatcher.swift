internal import Logging
internal import PostgresNIO
internal import Prefs

/// Keeps the in-memory copy current: a connection of its own that listens on the namespace's
/// channel and reads every row changed since the last version it applied.
///
/// - On every (re)connection: `LISTEN`, then read everything above the watermark. The `LISTEN` is
///   sent first on the same connection, so no change can fall between the two.
/// - On a notification of the version right above the watermark that carries its value (the triggers
///   put it in when it fits): apply it, with no query. On any other version above the watermark (a gap,
///   a value too large to carry): read again. One read runs at a time; a storm of notifications during
///   a read makes one more read, not one per notification.
/// - Changed keys are reported to the store's handlers (the container then wakes their observers).
/// - A lost connection is made again at once, then with backoff while the server cannot be reached.
final class ChangeWatcher: Sendable {
    private struct State {
        var channel: String?
        var isReading = false
        var readAgain = false
        var isReconnecting = false
        var healthCheck: RepeatedTask?
        var reads = 0
    }

    private let core: StoreCore
    private let connection: ManagedConnection
    /// The session whose queue the reads join when the store has one session: a read then never runs inside a
    /// transaction of the store (it would see the transaction's uncommitted rows). Nil with two sessions.
    private let sharedSession: Session?
    private let state = Lock(State())

    /// A watcher on `connection`; `sharedSession` is the store's session when it uses the same connection.
    init(core: StoreCore, connection: ManagedConnection, sharedSession: Session?) {
        self.core = core
        self.connection = connection
        self.sharedSession = sharedSession
    }

    /// Connects for the first time: prepares the schema, registers the namespace, listens and loads
    /// it; then reads changes at every health check interval too.
    func start() -> EventLoopFuture<Void> {
        connection.prepareEveryConnection { [weak self] in self?.prepare($0) ?? Self.gone($0) }
        return connection.connection().map { [weak self] _ in
            guard let self else { return }
            let interval = core.configuration.healthCheckInterval.timeAmount
            let task = core.loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { [weak self] _ in
                self?.readChangesSoon()
            }
            state.withLock { $0.healthCheck = task }
        }
    }

    /// Closes the connection; no reconnection follows.
    func close() {
        state.withLock { $0.healthCheck }?.cancel()
        connection.close()
    }

    private static func gone(_ connection: GuardedConnection) -> EventLoopFuture<Void> {
        connection.eventLoop.makeFailedFuture(StoreFailure(kind: .closed, reason: "the store is gone"))
    }

    private func prepare(_ connection: GuardedConnection) -> EventLoopFuture<Void> {
        let logger = core.logger
        let known = state.withLock { $0.channel }
        let channel: EventLoopFuture<String>
        if let known {
            channel = connection.eventLoop.makeSucceededFuture(known)
        } else {
            channel = PostgresSchema.prepare(
                on: connection, creating: core.configuration.createsSchema,
                username: core.configuration.connection.username, logger: logger
            ).flatMap { [core] () -> EventLoopFuture<Void> in
                guard core.configuration.createsNamespace else { return connection.eventLoop.makeSucceededVoidFuture() }
                return connection.query(Statements.registerNamespace(core.namespace), logger: logger).map { _ in }
            }.flatMap { [core] in
                connection.query(Statements.namespaceID(core.namespace), logger: logger)
            }.flatMapThrowing { [state, core] result in
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
                let channel = "prefs_changes_\(id)"  // digits only: safe as an identifier
                state.withLock { $0.channel = channel }
                return channel
            }
        }
        return channel.flatMap { [weak self] channel in
            connection.raw.addListener(channel: channel) { [weak self] _, notification in
                self?.received(notification.payload)
            }
            guard let self else { return Self.gone(connection) }
            return self.readChanges(on: connection)
        }.map { [weak self] in
            connection.closeFuture.whenComplete { [weak self] _ in self?.connectionLost() }
        }
    }

    private func received(_ payload: String) {
        // The payload is {"namespace", "key", "version"} with "value" or "removed" when the value fits, or only
        // "version" when the key does not.
        guard case .dictionary(let members) = try? PreferenceJSON.value(parsing: payload),
            case .integer(let version) = members["version"]
        else {
            core.logger.warning("Prefs: ignoring a notification that is not from Prefs' triggers")
            return
        }
        if case .string(let namespace) = members["namespace"], namespace != core.namespace { return }
        var carried: (key: String, value: PreferenceValue?)?
        if case .string(let key) = members["key"] {
            if let value = members["value"] {
                carried = (key, value)
            } else if members["removed"] == .bool(true) {
                carried = (key, nil)
            }
        }
        var needsRead = false
        core.changeMirror { mirror in
            guard version > mirror.watermark else { return [:] }
            guard let carried, version == mirror.watermark + 1 else {
                needsRead = true
                return [:]
            }
            return mirror.apply(
                [(carried.key, NamespaceMirror.Row(value: carried.value, version: version))], head: version)
        }
        if needsRead { readChangesSoon() }
    }

    /// Reads changes on the current connection, or remembers to read again when a read is running.
    private func readChangesSoon() {
        let start = state.withLock { state -> Bool in
            if state.isReading {
                state.readAgain = true
                return false
            }
            state.isReading = true
            return true
        }
        guard start else { return }
        let read: EventLoopFuture<Void>
        if let sharedSession {
            read = sharedSession.enqueue { [weak self, core] result in
                guard let self, case .success(let connection) = result else {
                    return core.loop.makeSucceededVoidFuture()
                }
                return readChanges(on: connection)
            }
        } else if let connection = connection.current {
            read = readChanges(on: connection)
        } else {
            state.withLock { $0.isReading = false }
            return  // the reconnection reads everything it missed
        }
        read.whenComplete { [weak self] _ in
            guard let self else { return }
            let again = state.withLock { state in
                defer { state.readAgain = false }
                state.isReading = false
                return state.readAgain
            }
            if again { readChangesSoon() }
        }
    }

    /// How many times the watcher has read changes from the database (for tests: a change carried by its
    /// notification costs none).
    var reads: Int { state.withLock { $0.reads } }

    private func readChanges(on connection: GuardedConnection) -> EventLoopFuture<Void> {
        state.withLock { $0.reads += 1 }
        let core = self.core
        let since = core.mirror.withLock { $0.watermark }
        return connection.query(Statements.changes(in: core.namespace, after: since), logger: core.logger)
            .flatMapThrowing { result in
                let (rows, head) = try Statements.changedRows(from: result, logger: core.logger)
                core.changeMirror { $0.apply(rows, head: head) }
            }
    }

    private func connectionLost() {
        guard !core.isClosed else { return }
        core.logger.warning("Prefs: lost the PostgreSQL connection that watches for changes; reconnecting")
        reconnect()
    }

    private func reconnect() {
        let start = state.withLock { state -> Bool in
            defer { state.isReconnecting = true }
            return !state.isReconnecting
        }
        guard start, !core.isClosed else { return }
        connection.connection().whenComplete {
            [weak self] result in
            guard let self else { return }
            state.withLock { $0.isReconnecting = false }
            switch result {
            case .success:
                core.logger.notice("Prefs: watching for changes again; caught up on the changes missed meanwhile")
            case .failure(let error):
                let failure = StoreFailure(error)
                guard failure.kind != .closed, !core.isClosed else { return }
                core.logger.debug("Prefs: could not reconnect to watch for changes: \(failure); retrying")
                reconnect()
            }
        }
    }
}
