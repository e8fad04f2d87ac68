/// What a namespace's rows were read from: the database, the values table, the namespace's row and its generation.
/// Catching up by version is complete only while it stays the same.
struct NamespaceIdentity: Sendable, Equatable {
    /// The database's object id: another after a restore into a new database.
    var database: Int64
    /// `prefs_values`' object id: another after the table was created again (a restore from a dump).
    var table: Int64
    /// The namespace's id, which names its channel: another after the namespace was dropped and created again.
    var namespace: Int64
    /// The namespace's generation: raised by a `TRUNCATE` of the values (or by an operator, to make every instance
    /// read the namespace whole).
    var generation: Int64
}

/// What a read of the namespace's head tells: who it is, its last version, and the last removal purged from it.
struct NamespaceHead: Sendable, Equatable {
    /// Nil when the namespace has no row (it was dropped).
    var identity: NamespaceIdentity?
    /// The last version handed out in the namespace.
    var version: Int64
    /// The highest version of a removal whose row was purged.
    var purgedThrough: Int64
}

/// Why reading the changes above an instance's version cannot bring it up to date: the instance then reads the
/// namespace whole (a resync), reports it in its log and in the metric `prefs_postgres_resyncs`, and its observers
/// hear each key that differs, once, with its latest value.
enum NamespaceGap: Sendable, Equatable, CustomStringConvertible {
    /// The rows come from another database or another `prefs_values` table: a restore.
    case restored
    /// The namespace was dropped, and perhaps created again since.
    case recreated
    /// The namespace's generation was raised: its values were truncated.
    case truncated
    /// The namespace's last version is below the last one the instance applied: an older copy of the database.
    case headBelowWatermark(head: Int64, watermark: Int64)
    /// Removals above the instance's version were purged: the rows no longer say that those keys are gone.
    case removalsPurged(through: Int64, watermark: Int64)

    /// The gap between what an instance applied and what the database holds now, if any.
    ///
    /// - Parameters:
    ///   - known: What the instance's rows were read from; nil before its first read.
    ///   - watermark: The last version the instance applied.
    ///   - head: The namespace as the database describes it now.
    /// - Returns: The gap, or nil when the changes above `watermark` bring the instance up to date.
    static func between(known: NamespaceIdentity?, watermark: Int64, head: NamespaceHead) -> NamespaceGap? {
        guard let known else { return watermark > 0 ? .restored : nil }
        guard let identity = head.identity else { return .recreated }
        if identity.database != known.database || identity.table != known.table { return .restored }
        if identity.namespace != known.namespace { return .recreated }
        if identity.generation != known.generation { return .truncated }
        if head.version < watermark { return .headBelowWatermark(head: head.version, watermark: watermark) }
        if head.purgedThrough > watermark { return .removalsPurged(through: head.purgedThrough, watermark: watermark) }
        return nil
    }

    /// The value of the metric's `gap` dimension.
    var metricName: String {
        switch self {
        case .restored: "restored"
        case .recreated: "recreated"
        case .truncated: "truncated"
        case .headBelowWatermark: "head_below_watermark"
        case .removalsPurged: "removals_purged"
        }
    }

    var description: String {
        switch self {
        case .restored: "the database or its prefs_values table is not the one the values were read from (a restore)"
        case .recreated: "the namespace was dropped (and perhaps created again)"
        case .truncated: "the namespace's generation changed (its values were truncated)"
        case .headBelowWatermark(let head, let watermark):
            "the namespace's last version, \(head), is below the last one this instance applied, \(watermark) "
                + "(the database was restored from an older copy)"
        case .removalsPurged(let through, let watermark):
            "removed keys were purged up to version \(through), after version \(watermark) that this instance applied"
        }
    }
}
