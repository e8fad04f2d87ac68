internal import Foundation
internal import Logging
internal import PostgresNIO
internal import Prefs

/// The statements that read and prune the history, and what their results mean. Parameterised like
/// ``Statements``: names and values are bound as data.
enum HistoryStatements {
    /// What the history holds of one version of a key.
    enum Lookup: Sendable {
        /// The version is recorded: the value it gave the key (nil for a removal).
        case found(PreferenceValue?)
        /// The key has no recorded change and no row.
        case unknownKey
        /// The version is below the oldest one kept of the key (or none is kept).
        case purged(oldestKept: Int64?)
        /// The key never had this version: it is above the key's latest one, or another key's that has been purged.
        case notAVersion(latest: Int64)
        /// The version is another key's change.
        case otherKey(String)
        /// No key can have this version: versions start at 1.
        case belowFirst

        /// Why there is no value to roll back to.
        func reason(version: Int64, key: String, namespace: String) -> String {
            switch self {
            case .found: "version \(version) is in the history"
            case .unknownKey: "the namespace '\(namespace)' has no key '\(key)' and no history of one"
            case .purged(let oldest?):
                "version \(version) has been purged from the history by the retention setting "
                    + "(the oldest version kept of '\(key)' is \(oldest))"
            case .purged(nil): "version \(version) has been purged from the history by the retention setting"
            case .notAVersion(let latest) where version > latest:
                "'\(key)' has no version \(version): its latest version is \(latest)"
            case .notAVersion:
                "\(version) is not a version of '\(key)': it was another key's, since purged (the history of "
                    + "'\(key)' lists its versions)"
            case .otherKey(let other): "version \(version) of '\(other)' is not a version of '\(key)'"
            case .belowFirst: "\(version) is not a version of any key: versions start at 1"
            }
        }
    }

    /// The newest `limit` changes of a key (or of every key) at or after `since` whose reason contains `reason`
    /// (ignoring case), returned oldest first.
    static func history(
        of key: String?,
        in namespace: String,
        since: Date?,
        reasonContaining reason: String?,
        limit: Int
    ) -> PostgresQuery {
        let pattern = reason.map { "%" + escapedForLike($0) + "%" }
        return """
            SELECT key, version, old_value::text, new_value::text, changed_at, role, application_name, reason FROM (
                SELECT * FROM prefs_history
                WHERE namespace = \(namespace) AND (\(key)::text IS NULL OR key = \(key))
                    AND (\(since)::timestamptz IS NULL OR changed_at >= \(since))
                    AND (\(pattern)::text IS NULL OR reason ILIKE \(pattern))
                ORDER BY version DESC LIMIT \(limit)
            ) newest ORDER BY version
            """
    }

    /// `text` with the characters that `LIKE` reads as patterns (`%`, `_`, and its escape, `\`) escaped.
    static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// The entries of ``history(of:in:since:reasonContaining:limit:)``.
    static func entries(
        from result: PostgresQueryResult,
        logger: Logger
    ) throws -> [PostgresPreferenceStore.HistoryEntry] {
        try result.rows.map { row in
            let (key, version, old, new, time, role, application, reason) = try row.decode(
                (String, Int64, String?, String?, Date, String, String, String?).self)
            return PostgresPreferenceStore.HistoryEntry(
                key: key, version: version, oldValue: StoredValue.decode(old, key: key, logger: logger),
                newValue: StoredValue.decode(new, key: key, logger: logger), time: time, role: role,
                applicationName: application, reason: reason.map { PreferenceWriteReason($0) })
        }
    }

    /// One version of a key, with what is needed to say why it is missing.
    static func version(_ version: Int64, of key: String, in namespace: String) -> PostgresQuery {
        """
        SELECT
            (SELECT new_value::text FROM prefs_history WHERE namespace = \(namespace) AND key = \(key)
                AND version = \(version)),
            EXISTS (SELECT 1 FROM prefs_history WHERE namespace = \(namespace) AND key = \(key)
                AND version = \(version)),
            (SELECT min(version) FROM prefs_history WHERE namespace = \(namespace) AND key = \(key)),
            (SELECT version FROM prefs_values WHERE namespace = \(namespace) AND key = \(key)),
            (SELECT key FROM prefs_history WHERE namespace = \(namespace) AND version = \(version) LIMIT 1)
        """
    }

    /// The meaning of ``version(_:of:in:)``'s row for `version`.
    static func lookup(
        from result: PostgresQueryResult,
        version: Int64,
        key: String,
        logger: Logger
    ) throws -> Lookup {
        guard let row = result.rows.first else { return .unknownKey }
        let (text, exists, oldest, latest, holder) = try row.decode((String?, Bool, Int64?, Int64?, String?).self)
        if exists { return .found(StoredValue.decode(text, key: key, logger: logger)) }
        if oldest == nil && latest == nil { return .unknownKey }
        if version < 1 { return .belowFirst }
        if let holder { return .otherKey(holder) }  // versions are the namespace's: one key's each
        switch (oldest, latest) {
        case (let oldest?, _) where version < oldest: return .purged(oldestKept: oldest)
        case (let oldest?, let latest): return .notAVersion(latest: latest ?? oldest)
        case (nil, _): return .purged(oldestKept: nil)
        }
    }
}
