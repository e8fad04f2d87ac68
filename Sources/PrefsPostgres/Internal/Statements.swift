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

    /// Every row changed after `version`, with the namespace's version in the same snapshot (one row
    /// with a NULL key when nothing changed).
    static func changes(in namespace: String, after version: Int64) -> PostgresQuery {
        """
        SELECT n.version, v.key, v.value::text, v.version
        FROM prefs_namespaces n
        LEFT JOIN prefs_values v ON v.namespace = n.namespace AND v.version > \(version)
        WHERE n.namespace = \(namespace)
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

    /// Writes a batch in one autocommitted statement (`prefs_write_batch`): the namespace's lock, then the changes
    /// as ``write(_:in:)`` makes them. Returns the key and new version of every row that changed.
    static func writeBatch(_ changes: PreferenceStoreWrites, in namespace: String) -> PostgresQuery {
        let keys = changes.keys.sorted()  // one lock order for every writer
        let setKeys = keys.filter { changes[$0]! != nil }
        let setValues = setKeys.map { StoredValue.encode(changes[$0]!!) }
        let removedKeys = keys.filter { changes[$0]! == nil }
        return """
            SELECT changed_key, new_version
            FROM prefs_write_batch(\(namespace), \(setKeys)::text[], \(setValues)::text[], \(removedKeys)::text[])
            """
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

    /// The rows and the namespace's version returned by ``changes(in:after:)``; a value that does not
    /// decode is reported and read as no value.
    static func changedRows(
        from result: PostgresQueryResult,
        logger: Logger
    ) throws -> (rows: [(key: String, row: NamespaceMirror.Row)], head: Int64) {
        var head: Int64 = 0
        var rows: [(key: String, row: NamespaceMirror.Row)] = []
        for row in result.rows {
            let (namespaceVersion, key, text, version) = try row.decode((Int64, String?, String?, Int64?).self)
            head = namespaceVersion
            guard let key, let version else { continue }
            rows.append(
                (key, NamespaceMirror.Row(value: StoredValue.decode(text, key: key, logger: logger), version: version)))
        }
        return (rows, head)
    }
}
