internal import PostgresNIO

extension PostgresPreferenceStore {
    /// How long a namespace keeps the recorded changes of its keys: by count per key, by age, or both. A key's
    /// latest version is always kept.
    ///
    /// Retention is a setting of the namespace, in the database (`prefs_namespaces.history_max_versions` and
    /// `history_max_age`), shared by every instance. It is applied in each changing transaction, to the changed key
    /// (by count) and to a few of the namespace's oldest versions (by age), so it never holds a lock for long.
    public struct HistoryRetention: Sendable, Equatable {
        /// The most versions kept per key; nil for no limit by count. Default: 100.
        public var maximumVersionsPerKey: Int?
        /// The longest a version is kept (a key's latest is kept whatever its age); nil for no limit by age.
        /// Default: nil.
        public var maximumAge: Duration?

        /// Creates a retention setting.
        ///
        /// - Parameters:
        ///   - maximumVersionsPerKey: The most versions kept per key (at least 1); nil for no limit by count.
        ///   - maximumAge: The longest a version is kept (more than zero); nil for no limit by age.
        public init(maximumVersionsPerKey: Int? = 100, maximumAge: Duration? = nil) {
            self.maximumVersionsPerKey = maximumVersionsPerKey
            self.maximumAge = maximumAge
        }
    }

    /// The namespace's history retention, as stored in the database.
    ///
    /// - Returns: The setting.
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `unreachable` or `closed`.
    public func historyRetention() throws -> HistoryRetention {
        let namespace = core.namespace
        return try onSession("could not read the history retention") { [core] connection in
            connection.query(
                """
                SELECT history_max_versions, extract(epoch FROM history_max_age)::float8
                FROM prefs_namespaces WHERE namespace = \(namespace)
                """, logger: core.logger
            ).flatMapThrowing { result in
                guard let row = result.rows.first else { return HistoryRetention() }
                let (versions, seconds) = try row.decode((Int?, Double?).self)
                return HistoryRetention(maximumVersionsPerKey: versions, maximumAge: seconds.map { .seconds($0) })
            }
        }
    }

    /// Changes the namespace's history retention for every instance, and prunes what it no longer keeps now, in
    /// batches of 1,000 versions, each a short transaction.
    ///
    /// ```swift
    /// try store.setHistoryRetention(.init(maximumVersionsPerKey: 20, maximumAge: .seconds(30 * 86_400)))
    /// ```
    ///
    /// - Parameter retention: The new setting.
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration` for a count below 1 or an age not
    ///   above zero (nothing is changed then), `permissionDenied`, `unreachable` or `closed`.
    public func setHistoryRetention(_ retention: HistoryRetention) throws {
        if let count = retention.maximumVersionsPerKey, count < 1 {
            throw PostgresPreferenceStoreError(.invalidConfiguration, "a history keeps at least 1 version per key")
        }
        if let age = retention.maximumAge, age <= .zero {
            throw PostgresPreferenceStoreError(.invalidConfiguration, "a history's maximum age must be above zero")
        }
        let namespace = core.namespace
        let seconds = retention.maximumAge.map {
            Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18
        }
        let versions = retention.maximumVersionsPerKey
        try onSession("could not change the history retention") { [core] connection in
            connection.query(
                """
                UPDATE prefs_namespaces SET history_max_versions = \(versions),
                    history_max_age = make_interval(secs => \(seconds))
                WHERE namespace = \(namespace)
                """, logger: core.logger
            ).map { _ in }
        }
        let batch = 1000
        while try onSession(
            "could not prune the history",
            { [core] connection in
                connection.query("SELECT prefs_prune_history(\(namespace), \(batch)::integer)", logger: core.logger)
                    .flatMapThrowing { try $0.rows.first?.decode(Int.self) ?? 0 }
            }) == batch
        {}
    }
}
