internal import Logging
internal import PostgresNIO
internal import Prefs

/// Every statement the store runs once it has started. All are parameterised: namespaces, keys and
/// values are bound as data (`$1`, `$2`, …), never spliced into SQL.
enum Statements {
    /// Creates the namespace's row if it is missing.
    static func registerNamespace(_ namespace: String) -> PostgresQuery {
        "INSERT INTO prefs_namespaces (namespace) VALUES (\(namespace)) ON CONFLICT (namespace) DO NOTHING"
    }

    /// The namespace's id, which names its notification channel (NULL when it has no row), and the first 21
    /// namespaces of the database, quoted, for the message that says it has none.
    static func namespaceID(_ namespace: String) -> PostgresQuery {
        """
        SELECT (SELECT id FROM prefs_namespaces WHERE namespace = \(namespace)),
            array(SELECT quote_literal(namespace) FROM prefs_namespaces ORDER BY namespace LIMIT 21)
        """
    }

    /// Takes the namespace's lock for the rest of the transaction: every writer takes it first, so
    /// transactions in one namespace run one at a time and commit their versions in order.
    static func lockNamespace(_ namespace: String) -> PostgresQuery {
        "SELECT version FROM prefs_namespaces WHERE namespace = \(namespace) FOR UPDATE"
    }

    /// Reads one key's stored value inside a transaction.
    static func read(_ key: String, in namespace: String) -> PostgresQuery {
        "SELECT value::text FROM prefs_values WHERE namespace = \(namespace) AND key = \(key)"
    }

    /// Every row changed after `version` (every row, for 0), with what describes the namespace in the same snapshot
    /// (``NamespaceHead``): one row with a NULL key when nothing changed, with NULLs for the namespace when it has no
    /// row.
    static func changes(in namespace: String, after version: Int64) -> PostgresQuery {
        """
        SELECT n.version, n.id, n.generation, n.purged_through,
            (SELECT oid::bigint FROM pg_database WHERE datname = current_database()),
            'prefs_values'::regclass::oid::bigint,
            v.key, v.value::text, v.version, (extract(epoch FROM v.updated_at) * 1000000)::bigint
        FROM (VALUES (1)) AS one (x)
        LEFT JOIN prefs_namespaces n ON n.namespace = \(namespace)
        LEFT JOIN prefs_values v ON v.namespace = n.namespace AND v.version > \(version)
        """
    }

    /// Writes a batch: new values upserted, removed keys set to NULL; rows whose value would not
    /// change are left alone. Returns the key and new version of every row that changed.
    static func write(_ changes: PreferenceStoreWrites, in namespace: String) -> PostgresQuery {
        let keys = changes.keys.sorted()  // one lock order for every writer
        let setKeys = keys.filter { changes[$0]! != nil }
        let setValues = setKeys.map { StoredValue.encode(changes[$0]!!) }
        let removedKeys = keys.filter { changes[$0]! == nil }
        return """
            WITH upserted AS (
                INSERT INTO prefs_values (namespace, key, value)
                SELECT \(namespace), t.key, t.value::jsonb FROM unnest(\(setKeys)::text[], \(setValues)::text[]) AS t(key, value)
                ON CONFLICT (namespace, key) DO UPDATE SET value = EXCLUDED.value
                WHERE prefs_values.value::text IS DISTINCT FROM EXCLUDED.value::text
                RETURNING key, version
            ), removed AS (
                UPDATE prefs_values SET value = NULL
                WHERE namespace = \(namespace) AND key = ANY(\(removedKeys)::text[]) AND value IS NOT NULL
                RETURNING key, version
            )
            SELECT key, version FROM upserted UNION ALL SELECT key, version FROM removed
            """
    }

    /// Writes a batch in one autocommitted statement (`prefs_write_batch`): the reason for the history, the
    /// namespace's lock, then the changes as ``write(_:in:)`` makes them. Returns the key and new version of every
    /// row that changed.
    static func writeBatch(
        _ changes: PreferenceStoreWrites,
        reason: PreferenceWriteReason?,
        in namespace: String
    ) -> PostgresQuery {
        let keys = changes.keys.sorted()  // one lock order for every writer
        let setKeys = keys.filter { changes[$0]! != nil }
        let setValues = setKeys.map { StoredValue.encode(changes[$0]!!) }
        let removedKeys = keys.filter { changes[$0]! == nil }
        let reason = reason?.text
        return """
            SELECT changed_key, new_version FROM prefs_write_batch(
                \(namespace), \(setKeys)::text[], \(setValues)::text[], \(removedKeys)::text[], \(reason)::text)
            """
    }

    /// Sets the reason the history records for the changes of the current transaction.
    static func setReason(_ reason: PreferenceWriteReason?) -> PostgresQuery {
        let text = reason?.text ?? ""
        return "SELECT set_config('prefs.reason', \(text), true)"
    }

    /// The new versions returned by ``write(_:in:)`` and ``writeBatch(_:in:)``.
    static func versions(from result: PostgresQueryResult) throws -> [String: Int64] {
        var versions: [String: Int64] = [:]
        for row in result.rows {
            let (key, version) = try row.decode((String, Int64).self)
            versions[key] = version
        }
        return versions
    }

    /// A row read by ``changes(in:after:)``: the key's row and the change's time in the database.
    struct ChangedRow: Sendable {
        var key: String
        var row: NamespaceMirror.Row
        /// Microseconds since 1970, by the database's clock.
        var changedAt: Int64?
    }

    /// The rows and the namespace's head returned by ``changes(in:after:)``; a value that does not decode is reported
    /// and read as no value.
    static func changedRows(
        from result: PostgresQueryResult,
        logger: Logger
    ) throws -> (rows: [ChangedRow], head: NamespaceHead) {
        var head = NamespaceHead(identity: nil, version: 0, purgedThrough: 0)
        var rows: [ChangedRow] = []
        for row in result.rows {
            let (namespaceVersion, id, generation, purgedThrough, database, table, key, text, version, changedAt) =
                try row.decode(
                    (Int64?, Int64?, Int64?, Int64?, Int64, Int64, String?, String?, Int64?, Int64?).self)
            if let namespaceVersion, let id, let generation, let purgedThrough {
                head = NamespaceHead(
                    identity: NamespaceIdentity(
                        database: database, table: table, namespace: id, generation: generation),
                    version: namespaceVersion, purgedThrough: purgedThrough)
            }
            guard let key, let version else { continue }
            let value = StoredValue.decode(text, key: key, logger: logger)
            rows.append(
                ChangedRow(key: key, row: NamespaceMirror.Row(value: value, version: version), changedAt: changedAt))
        }
        return (rows, head)
    }
}
