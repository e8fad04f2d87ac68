public import Foundation
internal import Logging
internal import PostgresNIO
public import Prefs

extension PostgresPreferenceStore {
    /// One recorded change of a key: what it held before and after, when, who made it, and why.
    ///
    /// The database records every change in the transaction that makes it, whoever makes it: an instance, the
    /// `prefs` tool, a hand edit in `psql`. A database upgraded from an earlier release starts each key's history
    /// with the value it held then (application name `Prefs schema 3 upgrade`, no old value).
    public struct HistoryEntry: Sendable, Equatable {
        /// The stored name of the key.
        public var key: String
        /// The version the change gave the key; versions are numbered per namespace, so one key's versions have gaps.
        public var version: Int64
        /// The value before the change; nil when the key had none.
        public var oldValue: PreferenceValue?
        /// The value after the change; nil when the change removed the key.
        public var newValue: PreferenceValue?
        /// When the change was made, by the database's clock.
        public var time: Date
        /// The database role of the session that made the change (its login role, `session_user`).
        public var role: String
        /// The `application_name` of the session that made the change: `psql`, `prefs`, or what an app sets.
        public var applicationName: String
        /// Why the change was made: `PreferenceWriteReason.current` of the write (`prefs … --reason`, a container's
        /// `set(_:_:reason:)`), or `prefs.reason` set in the changing transaction by hand; nil when none was given.
        public var reason: PreferenceWriteReason?

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - key: The stored name of the key.
        ///   - version: The version the change gave the key.
        ///   - oldValue: The value before the change.
        ///   - newValue: The value after the change.
        ///   - time: When the change was made.
        ///   - role: The role of the session that made it.
        ///   - applicationName: The application name of the session that made it.
        ///   - reason: Why it was made; nil when none was given.
        public init(
            key: String,
            version: Int64,
            oldValue: PreferenceValue?,
            newValue: PreferenceValue?,
            time: Date,
            role: String,
            applicationName: String,
            reason: PreferenceWriteReason? = nil
        ) {
            self.key = key
            self.version = version
            self.oldValue = oldValue
            self.newValue = newValue
            self.time = time
            self.role = role
            self.applicationName = applicationName
            self.reason = reason
        }
    }

    /// The recorded changes of one key, or of every key of the namespace, oldest first. Blocks the calling thread;
    /// from `async` code, use ``history(of:since:reasonContaining:limit:)-(String?,_,_,_)``.
    ///
    /// ```swift
    /// for entry in try store.history(of: "maintenance_mode", since: .now.addingTimeInterval(-86_400)) {
    ///     print(entry.version, entry.time, entry.applicationName, entry.reason ?? "-", entry.newValue ?? "removed")
    /// }
    /// let incident = try store.history(reasonContaining: "INC-4711")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The stored name of a key; nil for every key.
    ///   - since: Only changes made at or after this time; nil for all that are kept.
    ///   - reasonContaining: Only changes whose reason contains this text, ignoring case; nil for every change.
    ///   - limit: The most entries returned: the newest ones (default 1,000).
    /// - Returns: The entries, oldest first.
    /// - Throws: ``PostgresPreferenceStoreError``: `permissionDenied` when the role may not read `prefs_history`
    ///   (with the `GRANT` to run), `unreachable`, `closed`.
    public func history(
        of key: String? = nil,
        since: Date? = nil,
        reasonContaining: String? = nil,
        limit: Int = 1000
    ) throws -> [HistoryEntry] {
        try onSession(
            "could not read the history",
            historyQuery(of: key, since: since, reasonContaining: reasonContaining, limit: limit))
    }

    /// The recorded changes of one key, or of every key of the namespace, oldest first, without blocking a thread.
    ///
    /// - Parameters:
    ///   - key: The stored name of a key; nil for every key.
    ///   - since: Only changes made at or after this time; nil for all that are kept.
    ///   - reasonContaining: Only changes whose reason contains this text, ignoring case; nil for every change.
    ///   - limit: The most entries returned: the newest ones (default 1,000).
    /// - Returns: The entries, oldest first.
    /// - Throws: ``PostgresPreferenceStoreError``, as ``history(of:since:reasonContaining:limit:)-(String?,_,_,_)``.
    public func history(
        of key: String? = nil,
        since: Date? = nil,
        reasonContaining: String? = nil,
        limit: Int = 1000
    ) async throws -> [HistoryEntry] {
        try await onSession(
            "could not read the history",
            historyQuery(of: key, since: since, reasonContaining: reasonContaining, limit: limit))
    }

    /// Gives a key the value it had at one of its versions again: a normal write, recorded as a new version.
    ///
    /// ```swift
    /// try store.rollback("rate_limit", toVersion: 412, reason: "INC-4711: back to the limit before the rollout")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The stored name of the key.
    ///   - version: One of the key's versions, as `history(of:since:reasonContaining:limit:)` lists them.
    ///   - reason: Why, for the history; nil (the default) for `PreferenceWriteReason.current`.
    /// - Returns: The value the key holds now (nil when that version removed it).
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `versionNotFound` when the history does not hold that
    ///   version of the key (purged by the retention, or never one of its versions; the message says which), and
    ///   nothing is written; or an error of ``transaction(_:)``.
    @discardableResult
    public func rollback(
        _ key: String,
        toVersion version: Int64,
        reason: PreferenceWriteReason? = nil
    ) throws -> PreferenceValue? {
        let namespace = core.namespace
        let found = try onSession("could not read the history of '\(key)'") { [core] connection in
            connection.query(HistoryStatements.version(version, of: key, in: namespace), logger: core.logger)
                .flatMapThrowing {
                    try HistoryStatements.lookup(from: $0, version: version, key: key, logger: core.logger)
                }
        }
        guard case .found(let value) = found else {
            throw PostgresPreferenceStoreError(
                .versionNotFound,
                "could not roll '\(key)' back to version \(version): "
                    + found.reason(version: version, key: key, namespace: namespace) + "; nothing was written")
        }
        try PreferenceWriteReason.$current.withValue(reason ?? PreferenceWriteReason.current) {
            try transaction { $0.setValue(value, forKey: key) }
        }
        return value
    }

    private func historyQuery(
        of key: String?,
        since: Date?,
        reasonContaining reason: String?,
        limit: Int
    ) -> @Sendable (GuardedConnection) -> EventLoopFuture<[HistoryEntry]> {
        let (namespace, logger) = (core.namespace, core.logger)
        let query = HistoryStatements.history(
            of: key, in: namespace, since: since, reasonContaining: reason, limit: max(0, limit))
        return { connection in
            connection.query(query, logger: logger).flatMapThrowing {
                try HistoryStatements.entries(from: $0, logger: logger)
            }
        }
    }
}
