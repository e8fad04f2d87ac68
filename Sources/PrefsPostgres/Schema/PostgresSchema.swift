internal import Logging
internal import PostgresNIO

/// The tables, functions and triggers the store keeps its rows in, and their idempotent setup and upgrade.
///
/// - `prefs_namespaces`: one row per namespace: its `id` (which names its notification channel,
///   `prefs_changes_<id>`), `version`, the last version handed out in it, and its history's retention
///   (`history_max_age`, `history_max_versions`). Every write in a namespace takes this row's lock first, so
///   versions are committed in order: an instance that has applied every change up to version *v* catches up with
///   `version > v` and misses nothing.
/// - `prefs_values`: one row per key per namespace: `value` (`jsonb`, in the file store's tree form;
///   NULL once the key is removed, so that the removal has a version too), `version`, `updated_at`.
/// - `prefs_history`: one row per change (namespace, key, version, old and new value, time, the session's role and
///   `application_name`, the reason), written in the changing transaction by a trigger that also applies the retention.
/// - Triggers version every change (also one made by hand in `psql`), skip writes that change nothing (the same
///   `jsonb` text: an integer and a double of equal value differ), notify `prefs_changes_<id>` with
///   `{"namespace", "key", "version"}` and the new value when it fits, record the change, and turn a `DELETE` into a
///   removal (deleting a removed key's row again purges it).
///
/// - Schema 4 adds what makes gaps in a catch-up visible (``NamespaceGap``): the namespace's `generation` (raised by a
///   `TRUNCATE`) and `purged_through` (the removals record: the highest version of a removal whose row was purged),
///   `prefs_drop_namespace`, the change's time in every notification (`at`), and each change's `reason` in the history
///   (`prefs.reason`, set for the transaction).
///
/// The table comment `Prefs schema N` says which schema a database has. Schemas 1, 2 and 3 (earlier releases) are
/// upgraded in place by the same idempotent statements, under an advisory lock; a newer schema is left alone.
enum PostgresSchema {
    /// The schema this release creates, in the table comment `Prefs schema 4`.
    static let version = 4

    /// Every statement as one script, for `psql`.
    static var script: String { statements.map { $0 + ";\n" }.joined(separator: "\n") }

    /// Makes sure the schema is current (creating it when allowed and missing) and that the role may use it.
    ///
    /// - Parameters:
    ///   - connection: A connection to use.
    ///   - creating: Whether a missing schema may be created.
    ///   - username: The role, for error messages.
    ///   - logger: Where the creation is reported.
    /// - Returns: A future that fails with a ``PostgresPreferenceStoreError`` when the schema is
    ///   missing and cannot be created, or the role lacks a privilege.
    static func prepare(
        on connection: GuardedConnection,
        creating: Bool,
        username: String,
        logger: Logger
    ) -> EventLoopFuture<Void> {
        isCurrent(on: connection, logger: logger).flatMap { current -> EventLoopFuture<Void> in
            if current { return connection.eventLoop.makeSucceededVoidFuture() }
            guard creating else {
                return connection.eventLoop.makeFailedFuture(
                    PostgresPreferenceStoreError(
                        .schemaMissing,
                        "the tables prefs_values, prefs_namespaces and prefs_history are missing or older than "
                            + "Prefs schema \(version), and the store was told not to create them; run "
                            + "PostgresPreferenceStore.schemaSQL as their owner"))
            }
            return create(on: connection, logger: logger).flatMapErrorThrowing { error in
                throw StoreFailure(error).error("could not create the tables as role '\(username)'")
            }
        }.flatMap {
            checkPrivileges(on: connection, username: username, logger: logger)
        }
    }

    private static func isCurrent(on connection: GuardedConnection, logger: Logger) -> EventLoopFuture<Bool> {
        connection.query(
            """
            SELECT obj_description(to_regclass('prefs_values'), 'pg_class'),
                to_regclass('prefs_namespaces') IS NOT NULL AND to_regclass('prefs_history') IS NOT NULL
            """,
            logger: logger
        ).flatMapThrowing { result in
            guard let row = result.rows.first else { return false }
            let (comment, tablesExist) = try row.decode((String?, Bool).self)
            return tablesExist && (comment.flatMap(schemaVersion(inComment:)) ?? 0) >= version
        }
    }

    /// The number in a table comment `Prefs schema N`; nil for any other comment.
    static func schemaVersion(inComment comment: String) -> Int? {
        let prefix = "Prefs schema "
        guard comment.hasPrefix(prefix) else { return nil }
        return Int(comment.dropFirst(prefix.count))
    }

    /// Runs the setup (or the upgrade) in one transaction, under an advisory lock so that instances starting
    /// together do not race each other's `CREATE`s; looks again once it holds the lock, and does nothing when
    /// another instance did it meanwhile (each statement of a read-committed transaction sees what was committed
    /// before it began).
    private static func create(on connection: GuardedConnection, logger: Logger) -> EventLoopFuture<Void> {
        Database.inTransaction(on: connection, logger: logger) {
            connection.query("SELECT pg_advisory_xact_lock(7365121001)", logger: logger).flatMap { _ in
                isCurrent(on: connection, logger: logger)
            }.flatMap { current in
                guard !current else { return connection.eventLoop.makeSucceededVoidFuture() }
                logger.notice("Prefs: creating or upgrading the PostgreSQL tables to Prefs schema \(version)")
                return Database.runInOrder(
                    statements.map { PostgresQuery(unsafeSQL: $0) }, on: connection, logger: logger)
            }
        }
    }

    private static func checkPrivileges(
        on connection: GuardedConnection,
        username: String,
        logger: Logger
    ) -> EventLoopFuture<Void> {
        let checks = ["prefs_values", "prefs_namespaces"].flatMap { table in
            ["SELECT", "INSERT", "UPDATE"].map { (table, $0) }
        }
        let columns = checks.map { "has_table_privilege('\($0.0)', '\($0.1)')" }.joined(separator: ", ")
        return connection.query(PostgresQuery(unsafeSQL: "SELECT ARRAY[\(columns)]"), logger: logger)
            .flatMapThrowing { result in
                let granted = try result.rows.first?.decode([Bool].self) ?? []
                let missing = zip(checks, granted).filter { !$0.1 }.map { "\($0.0.1) on \($0.0.0)" }
                guard missing.isEmpty, granted.count == checks.count else {
                    throw PostgresPreferenceStoreError(
                        .permissionDenied,
                        "role '\(username)' lacks \(missing.joined(separator: ", ")); grant them with: "
                            + "GRANT SELECT, INSERT, UPDATE ON prefs_values, prefs_namespaces TO \"\(username)\"",
                        sqlState: "42501")
                }
            }
    }
}
