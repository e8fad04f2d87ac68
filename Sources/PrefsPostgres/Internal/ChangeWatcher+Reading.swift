internal import Logging
internal import PostgresNIO
internal import Prefs

extension ChangeWatcher {
    /// Reads a notification and applies it.
    func received(_ payload: String) {
        guard let notification = ChangeNotification(parsing: payload) else {
            core.logger.warning("Prefs: ignoring a notification that is not from Prefs' triggers")
            return
        }
        apply(notification)
    }

    /// Applies a notification: a change carried whole at the version right above the watermark, else a read.
    func apply(_ notification: ChangeNotification) {
        if let namespace = notification.namespace, namespace != core.namespace { return }
        if notification.asksForResync {
            readChangesSoon()
            return
        }
        let version = notification.version
        var needsRead = false
        var applied = false
        core.changeMirror { mirror in
            guard version > mirror.watermark else { return [:] }
            guard let carried = notification.change, version == mirror.watermark + 1 else {
                needsRead = true
                return [:]
            }
            applied = true
            return mirror.applyNotified(key: carried.key, value: carried.value, version: version)
        }
        if applied, let changedAt = notification.changedAt { core.metrics.applied(changedAt: changedAt) }
        if needsRead { readChangesSoon() }
    }

    /// Reads changes on the current connection, or remembers to read again when a read is running; `done` learns
    /// whether a read (this one or the one running) succeeded.
    func readChangesSoon(_ done: (@Sendable (Bool) -> Void)? = nil) {
        let start = state.withLock { state -> Bool in
            if let done { state.nextReadWaiters.append(done) }
            if state.isReading {
                state.readAgain = true
                return false
            }
            state.isReading = true
            (state.readWaiters, state.nextReadWaiters) = (state.nextReadWaiters, [])
            return true
        }
        guard start else { return }
        let read: EventLoopFuture<Void>
        if let sharedSession {
            read = sharedSession.enqueue { [weak self, core] result in
                guard let self, case .success(let connection) = result else {
                    return core.loop.makeFailedFuture(StoreFailure(kind: .unreachable, reason: "not connected"))
                }
                return readChanges(on: connection)
            }
        } else if let connection = connection.current {
            read = readChanges(on: connection)
        } else {
            let waiters = state.withLock { state in
                defer { (state.isReading, state.readWaiters) = (false, []) }
                return state.readWaiters
            }
            for waiter in waiters { waiter(false) }
            return  // the reconnection reads everything it missed
        }
        read.whenComplete { [weak self] result in
            guard let self else { return }
            let (again, waiters) = state.withLock { state in
                defer { (state.readAgain, state.readWaiters) = (false, []) }
                state.isReading = false
                return (state.readAgain, state.readWaiters)
            }
            let succeeded = if case .success = result { true } else { false }
            for waiter in waiters { waiter(succeeded) }
            if again { readChangesSoon() }
        }
    }

    /// Reads every change above the watermark; when that cannot be complete (a gap), reads the namespace whole.
    func readChanges(on connection: GuardedConnection) -> EventLoopFuture<Void> {
        core.metrics.caughtUp()
        let core = self.core
        let (since, known) = core.mirror.withLock { ($0.watermark, $0.identity) }
        return connection.query(Statements.changes(in: core.namespace, after: since), logger: core.logger)
            .flatMap { [self] result in
                let rows: [Statements.ChangedRow]
                let head: NamespaceHead
                do {
                    (rows, head) = try Statements.changedRows(from: result, logger: core.logger)
                } catch {
                    return connection.eventLoop.makeFailedFuture(error)
                }
                if let gap = NamespaceGap.between(known: known, watermark: since, head: head) {
                    return resync(on: connection, after: gap)
                }
                var applied: [Int64] = []
                core.changeMirror { mirror in
                    let watermark = mirror.watermark
                    applied = rows.filter { $0.row.version > watermark }.compactMap(\.changedAt)
                    if let identity = head.identity { mirror.confirm(identity) }
                    return mirror.apply(rows.map { ($0.key, $0.row) }, head: head.version)
                }
                for changedAt in applied { core.metrics.applied(changedAt: changedAt) }
                listenAnewIfMoved(head, on: connection)
                return connection.eventLoop.makeSucceededVoidFuture()
            }
    }

    /// Reads the namespace whole and replaces the rows with it: every key whose value differs is reported once, with
    /// its latest value.
    private func resync(on connection: GuardedConnection, after gap: NamespaceGap) -> EventLoopFuture<Void> {
        let core = self.core
        return connection.query(Statements.changes(in: core.namespace, after: 0), logger: core.logger)
            .flatMapThrowing { [self] result in
                let (rows, head) = try Statements.changedRows(from: result, logger: core.logger)
                let changed = core.changeMirror { mirror in
                    mirror.resync(rows.map { ($0.key, $0.row) }, head: head.version, identity: head.identity)
                }
                core.metrics.resynced(after: gap)
                let message =
                    "Prefs: catching up by version cannot be complete: \(gap); read the namespace whole again "
                    + "(\(rows.count) row(s), \(changed.count) key(s) changed)"
                core.logger.warning("\(message)", metadata: ["prefs.gap": "\(gap.metricName)"])
                listenAnewIfMoved(head, on: connection)
            }
    }

    /// Makes the connection again when the namespace has another id than the one listened to (it was dropped and
    /// created again): the new connection listens on the new id's channel.
    /// A namespace that was dropped and not created again is registered again by the new connection when the store
    /// may create namespaces.
    private func listenAnewIfMoved(_ head: NamespaceHead, on connection: GuardedConnection) {
        guard let listening = state.withLock({ $0.listeningTo }) else { return }
        let moved =
            if let id = head.identity?.namespace { id != listening } else { core.configuration.createsNamespace }
        if moved { connection.close() }
    }
}
