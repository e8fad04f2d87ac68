public import Logging
internal import PostgresNIO
public import Prefs

/// A store whose keys live in a PostgreSQL database, shared live by every instance of a fleet.
///
/// ```swift
/// let store = try PostgresPreferenceStore(configuration: .init(
///     connection: .init(host: "db.internal", username: "app", password: secret, database: "app", tls: .disable),
///     namespace: "billing-service"))
/// let prefs = Preferences(store: store)
/// prefs[\.maintenanceMode] = true   // every instance's observers of maintenanceMode hear it within milliseconds
/// try prefs.flush()                 // returns once the write is committed
/// ```
///
/// - **Rows**: one row per key per namespace in `prefs_values`, the value as `jsonb` in the file
///   store's tree form, a version per row. The store creates its tables and triggers when they are
///   missing (see ``schemaSQL``).
/// - **Reads** never touch the database: the store keeps its namespace in memory, loaded at start
///   and kept current through `LISTEN`/`NOTIFY` and catch-up reads by version.
/// - **Writes** go to memory at once and to the database behind, coalesced into batches; ``flush()``
///   returns when the writes made before it are committed. A write that cannot be committed stays
///   queued and is retried with backoff; `flush()` throws while the database is unreachable.
/// - **Transactions** (a container's `update` and `transaction`) run in a database transaction
///   that holds the namespace's row lock, so they are atomic across every instance.
/// - **Faults**: a lost connection is made again; on reconnecting the store reads every change it
///   missed and reports it, with its value. Readers keep the values they have throughout.
///
/// The protocol is synchronous, the database asynchronous: the store runs its database work on an
/// event loop of its own and blocks only the calling thread in ``flush()`` and ``transaction(_:)``,
/// with a deadline: the queue on which its containers write, or the caller of `update` and
/// `transaction`. See <doc:SharingSettingsAcrossAFleet>.
public final class PostgresPreferenceStore: PreferenceStore, Sendable {
    let core: StoreCore
    let session: Session
    let writeBehind: WriteBehind
    let watcher: ChangeWatcher

    /// The SQL that creates the store's tables, functions and triggers, for an operator who runs it
    /// by hand (with ``Configuration/createsSchema`` false). Running it again changes nothing.
    public static var schemaSQL: String { PostgresSchema.script }

    /// The namespace whose settings this store holds.
    public var namespace: String { core.namespace }

    /// Connects, prepares the schema, and loads the namespace; blocks until it is loaded. With an offline copy (see
    /// ``Configuration/offlineCopy``), starts from the copy when PostgreSQL cannot be reached.
    ///
    /// From `async` code, prefer ``connect(configuration:logger:)``, which does not block.
    ///
    /// - Parameters:
    ///   - configuration: The server, the credentials, the namespace.
    ///   - logger: Where connection losses, retries and damaged rows are reported, with the metadata
    ///     `prefs.namespace` and `prefs.instance`. Credentials are never logged.
    /// - Throws: ``PostgresPreferenceStoreError``: `unreachable` (without an offline copy), `authenticationFailed`,
    ///   `databaseNotFound`, `permissionDenied`, `schemaMissing`, `namespaceNotFound` or `invalidConfiguration`, with
    ///   the reason.
    public convenience init(
        configuration: Configuration,
        logger: Logger = Logger(label: "Prefs.PostgresPreferenceStore")
    ) throws {
        try self.init(unstarted: configuration, logger: logger)
        do {
            try start().waitOffLoop(timeout: configuration.operationTimeout, "connecting")
        } catch {
            try startedWithout(error)
        }
    }

    /// Connects, prepares the schema, and loads the namespace, without blocking a thread; with an offline copy,
    /// starts from it when PostgreSQL cannot be reached.
    ///
    /// ```swift
    /// let store = try await PostgresPreferenceStore.connect(configuration: .init(namespace: "billing"))
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: The server, the credentials, the namespace.
    ///   - logger: Where connection losses, retries and damaged rows are reported.
    /// - Returns: The store, loaded.
    /// - Throws: ``PostgresPreferenceStoreError``, as ``init(configuration:logger:)``.
    public static func connect(
        configuration: Configuration,
        logger: Logger = Logger(label: "Prefs.PostgresPreferenceStore")
    ) async throws -> PostgresPreferenceStore {
        let store = try PostgresPreferenceStore(unstarted: configuration, logger: logger)
        do {
            try await store.start().get()
        } catch {
            try store.startedWithout(error)
        }
        return store
    }

    private init(unstarted configuration: Configuration, logger: Logger) throws {
        try StoredValue.validate(namespace: configuration.namespace)
        var restored = NamespaceMirror()
        if let copy = configuration.offlineCopy {
            restored = try OfflineCopyFile.load(copy, namespace: configuration.namespace, logger: logger)
        }
        core = StoreCore(configuration: configuration, logger: logger, restored: restored)
        try core.offlineCopy?.prepareFolder()
        let listening = core.makeConnection()
        switch configuration.sessions {
        case _ where configuration.sharesListener, .one:
            session = Session(core: core, connection: listening)
            watcher = ChangeWatcher(core: core, connection: listening, sharedSession: session)
        case .two:
            session = Session(core: core, connection: core.makeConnection())
            watcher = ChangeWatcher(core: core, connection: listening, sharedSession: nil)
        }
        writeBehind = WriteBehind(core: core, session: session)
    }

    deinit {
        let uncommitted = core.mirror.withLock { $0.uncommittedKeys }
        if !core.isClosed, !uncommitted.isEmpty {
            let message =
                "Prefs: the PostgreSQL store of namespace '\(core.namespace)' was released with \(uncommitted.count) "
                + "write(s) not committed (\(uncommitted.prefix(5).joined(separator: ", "))); "
                + "call flush() or close() before releasing it"
            core.logger.error("\(message)")
        }
        shutDown()
    }

    /// Connects the listening session (which loads the namespace) and then the writing one; commits the writes an
    /// offline copy kept.
    private func start() -> EventLoopFuture<Void> {
        watcher.start().flatMap { [session] in session.connection.connection().map { _ in } }.map { [writeBehind] in
            writeBehind.schedule()
        }
    }

    /// Starts offline after a first connection that failed because PostgreSQL cannot be reached, when the store has
    /// an offline copy; else shuts down and throws why it could not start.
    private func startedWithout(_ error: any Error) throws {
        let failure = StoreFailure(error)
        guard failure.kind == .unreachable, core.offlineCopy != nil else {
            shutDown()
            throw failure.error("could not start the PostgreSQL store of namespace '\(namespace)' as \(core.target)")
        }
        let keys = core.mirror.withLock { $0.keys.count }
        let message =
            "Prefs: starting offline: PostgreSQL cannot be reached as \(core.target) (\(failure)); reads answer the "
            + "offline copy (\(keys) key(s)), writes are queued; connecting in the background"
        core.logger.warning("\(message)")
        watcher.connectInBackground()
        writeBehind.schedule()
    }

    /// Returns the value stored under a key, from memory.
    ///
    /// - Parameter key: The stored name.
    /// - Returns: This instance's latest write of the key, else the value last read from the database.
    public func value(forKey key: String) -> PreferenceValue? {
        core.mirror.withLock { $0.value(forKey: key) }
    }

    /// Applies the changes in memory at once and queues them for the database, behind the caller, with the reason
    /// `PreferenceWriteReason.current` gives them (two writes of one key with different reasons are committed as two
    /// changes, each recorded with its reason).
    ///
    /// - Parameter changes: New values by key; nil removes a key.
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `unstorableValue` for a key or value
    ///   PostgreSQL cannot hold (nothing of the batch is applied then), or `closed`.
    public func write(_ changes: PreferenceStoreWrites) throws {
        guard !core.isClosed else {
            throw StoreFailure(kind: .closed, reason: "the store is closed").error("could not write")
        }
        try StoredValue.validate(changes)
        let reason = PreferenceWriteReason.current
        core.changeMirror(origin: PreferenceWriteOrigin.current) { $0.enqueue(changes, reason: reason).changed }
        core.metrics.accepted(writes: changes.count)
        writeBehind.schedule()
    }

    /// Returns every key that has a value, from memory.
    ///
    /// - Returns: The keys.
    public func keys() -> [String] {
        core.mirror.withLock { $0.keys }
    }

    /// Blocks until every write made before the call is committed to the database.
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `notCommitted` when they are not committed
    ///   within ``Configuration/flushTimeout`` (the database is unreachable or refuses them); the
    ///   writes stay queued and are retried, and an offline copy holds them.
    public func flush() throws {
        if let offlineCopy = core.offlineCopy, case .offline = connectionState { offlineCopy.saveNow(core) }
        do {
            try writeBehind.flush()
        } catch {
            core.offlineCopy?.saveNow(core)
            throw error
        }
    }

    /// Registers a handler told about every key whose value changed: by this store, by another
    /// instance, or by hand in the database.
    ///
    /// - Parameter handler: Called with each change and its values, in the order the store applied them to its copy
    ///   of the namespace, one at a time, on the delivery thread the process's stores share (never on the store's
    ///   event loop, nor on a thread of Dispatch's global pool, which a busy application may hold); a handler that
    ///   blocks holds back the changes of every store. A change written through this store carries its origin.
    /// - Returns: A token that unregisters the handler.
    public func observeChanges(
        _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
    )
        -> PreferenceObservationToken
    {
        core.observers.add(handler)
    }

    /// Commits what it can within the flush timeout, then closes the connections. Writes that could
    /// not be committed are reported through the logger, by key (and kept in the offline copy, when the store has
    /// one). Reads keep working from memory; writes throw.
    public func close() {
        guard !core.isClosed else { return }
        do {
            try flush()
        } catch {
            core.logger.error("Prefs: closing the PostgreSQL store of namespace '\(namespace)': \(error)")
        }
        shutDown()
    }

    /// ``close()`` for `async` code: the flush awaits its deadline instead of blocking a thread.
    func closeWithoutBlocking() async {
        guard !core.isClosed else { return }
        do {
            try await writeBehind.flushWithoutBlocking()
        } catch {
            core.logger.error("Prefs: closing the PostgreSQL store of namespace '\(namespace)': \(error)")
        }
        shutDown()
    }

    func shutDown() {
        guard !core.isClosed else { return }
        core.isClosed = true
        watcher.close()
        session.connection.close()
        writeBehind.failWaiters()
        core.offlineCopy?.close(core)
    }
}
