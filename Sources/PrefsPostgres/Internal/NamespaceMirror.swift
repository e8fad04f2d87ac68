internal import Prefs

/// The store's in-memory copy of its namespace: the rows as last read from the database, and the
/// writes of this instance that are not committed yet. Readers are answered from here, never from
/// the database.
///
/// A key's visible value is its newest local write (queued, then being committed) if it has one,
/// else its row. Rows only move forward: a row is replaced only by one with a higher version, except by a
/// ``resync(_:head:identity:)``, which replaces them all.
struct NamespaceMirror: Sendable {
    /// A row as this instance knows it.
    struct Row: Sendable, Equatable {
        /// The stored value; nil once the key was removed.
        var value: PreferenceValue?
        /// The row's version; 0 when no version is known.
        var version: Int64
    }

    private(set) var rows: [String: Row] = [:]
    /// Every change with a version up to this one is in `rows`.
    private(set) var watermark: Int64 = 0
    /// What the rows were read from (the database, the namespace's id and generation); nil before the first read.
    private(set) var identity: NamespaceIdentity?
    /// Local writes not yet handed to the database, in runs of one reason.
    private(set) var queued = PendingWrites()
    /// The run of local writes being committed now.
    private(set) var committing: PendingWrites.Run?
    /// The sequence number of the last local write.
    private(set) var lastWrite: UInt64 = 0
    /// Raised by every change of what the offline copy holds (rows, watermark, identity, pending writes).
    private(set) var revision: UInt64 = 0

    /// An empty namespace, before the first read.
    init() {}

    /// The namespace as an offline copy saved it: its rows, watermark and identity, and the writes not committed
    /// then, queued again in their order.
    init(
        restoringRows rows: [String: Row],
        watermark: Int64,
        identity: NamespaceIdentity?,
        pending: [(reason: PreferenceWriteReason?, changes: PreferenceStoreWrites)]
    ) {
        self.rows = rows
        self.watermark = watermark
        self.identity = identity
        for (reason, changes) in pending {
            lastWrite += 1
            queued.append(changes, reason: reason, sequence: lastWrite)
        }
    }

    /// The writes not committed yet, in order: the run being committed, then the queued ones.
    var pendingRuns: [PendingWrites.Run] {
        (committing.map { [$0] } ?? []) + queued.runs
    }

    /// The value readers see.
    func value(forKey key: String) -> PreferenceValue? {
        if let queued = queued.latest(forKey: key) { return queued }
        if let committing = committing?.changes[key] { return committing }
        return rows[key]?.value
    }

    /// The keys that have a visible value.
    var keys: [String] {
        Set(rows.keys).union(uncommittedKeySet).filter { value(forKey: $0) != nil }
    }

    private var uncommittedKeySet: Set<String> {
        queued.keys.union(committing?.changes.keys ?? [:].keys)
    }

    /// The number of local writes not yet committed (by key).
    var uncommittedCount: Int { uncommittedKeySet.count }

    /// The keys of the local writes not yet committed.
    var uncommittedKeys: [String] { uncommittedKeySet.sorted() }

    /// Whether every local write up to `sequence` is committed (or superseded by a committed one).
    func isCommitted(through sequence: UInt64) -> Bool {
        (queued.oldest.map { $0 > sequence } ?? true) && (committing.map { $0.oldest > sequence } ?? true)
    }

    /// Whether local writes wait to be taken for a commit.
    var hasQueuedWrites: Bool { !queued.isEmpty }

    /// Queues local writes made with `reason`; returns the keys whose visible value changed and the writes' sequence
    /// number.
    mutating func enqueue(
        _ changes: PreferenceStoreWrites,
        reason: PreferenceWriteReason?
    ) -> (changed: PreferenceStoreWrites, sequence: UInt64) {
        lastWrite += 1
        var changed: PreferenceStoreWrites = [:]
        for (key, value) in changes where self.value(forKey: key) != value {
            changed[key] = .some(value)
        }
        queued.append(changes, reason: reason, sequence: lastWrite)
        revision += 1
        return (changed, lastWrite)
    }

    /// Moves the oldest run of queued writes to `committing` and returns it; nil when nothing is queued or a commit
    /// is already under way.
    mutating func takeBatch() -> PendingWrites.Run? {
        guard committing == nil, let run = queued.takeFirst() else { return nil }
        committing = run
        return run
    }

    /// Records that the batch was committed; `versions` has the new version of every row that changed
    /// (a write equal to the stored value changes no row). Returns the keys whose visible value changed.
    mutating func batchCommitted(versions: [String: Int64]) -> PreferenceStoreWrites {
        guard let batch = committing?.changes else { return [:] }
        let before = visibleValues(of: batch.keys)
        committing = nil
        record(batch, versions: versions)
        revision += 1
        return changedValues(since: before)
    }

    /// Puts a batch that could not be committed back in the queue, under any newer writes of the same keys.
    mutating func batchFailed() {
        if let committing { queued.putBack(committing) }
        committing = nil
    }

    /// Records a transaction's committed changes; returns the keys whose visible value changed.
    mutating func transactionCommitted(
        _ changes: PreferenceStoreWrites,
        versions: [String: Int64]
    ) -> PreferenceStoreWrites {
        let before = visibleValues(of: changes.keys)
        record(changes, versions: versions)
        revision += 1
        return changedValues(since: before)
    }

    /// Applies rows read from the database, all versions above `watermark` up to `head`; returns
    /// the keys whose visible value changed.
    mutating func apply(_ fetched: [(key: String, row: Row)], head: Int64) -> PreferenceStoreWrites {
        let before = visibleValues(of: fetched.map(\.key))
        for (key, row) in fetched where row.version > (rows[key]?.version ?? 0) {
            rows[key] = row
            revision += 1
        }
        if head > watermark {
            watermark = head
            revision += 1
        }
        return changedValues(since: before)
    }

    /// Applies one change a notification carried, at the version right above the watermark: ``apply(_:head:)`` for
    /// one row, without its collections (every instance applies every change of its namespace).
    mutating func applyNotified(key: String, value: PreferenceValue?, version: Int64) -> PreferenceStoreWrites {
        if version > watermark {
            watermark = version
            revision += 1
        }
        let old: PreferenceValue?
        if let index = rows.index(forKey: key) {  // one lookup for a key the namespace holds
            guard rows.values[index].version < version else { return [:] }
            old = rows.values[index].value
            rows.values[index] = Row(value: value, version: version)
        } else {
            old = nil
            rows[key] = Row(value: value, version: version)
        }
        revision += 1
        // A local write on its way hides the row until it is committed.
        let isShadowed =
            (!queued.isEmpty && queued.latest(forKey: key) != nil) || committing?.changes[key] != nil
        return old == value || isShadowed ? [:] : [key: value]
    }

    /// Replaces every row with the namespace as read whole (after a gap: see ``NamespaceGap``); returns the keys
    /// whose visible value changed, removals included.
    mutating func resync(
        _ fetched: [(key: String, row: Row)],
        head: Int64,
        identity: NamespaceIdentity?
    ) -> PreferenceStoreWrites {
        let before = visibleValues(of: Set(rows.keys).union(fetched.map(\.key)))
        rows = Dictionary(fetched.map { ($0.key, $0.row) }, uniquingKeysWith: { $0.version >= $1.version ? $0 : $1 })
        watermark = head
        self.identity = identity
        revision += 1
        return changedValues(since: before)
    }

    /// Records what the rows are read from, once a read found no gap.
    mutating func confirm(_ identity: NamespaceIdentity) {
        guard identity != self.identity else { return }
        self.identity = identity
        revision += 1
    }

    private mutating func record(_ changes: PreferenceStoreWrites, versions: [String: Int64]) {
        for (key, value) in changes {
            let known = rows[key]?.version ?? 0
            if let version = versions[key] {
                if version > known { rows[key] = Row(value: value, version: version) }
            } else if rows[key] != nil || value != nil {
                // The row already held this value: keep its version, which a catch-up may still raise.
                rows[key] = Row(value: value, version: known)
            }
        }
    }

    private func visibleValues(of keys: some Sequence<String>) -> [String: PreferenceValue?] {
        Dictionary(keys.map { ($0, value(forKey: $0)) }, uniquingKeysWith: { first, _ in first })
    }

    private func changedValues(since before: [String: PreferenceValue?]) -> PreferenceStoreWrites {
        var changed: PreferenceStoreWrites = [:]
        for (key, old) in before {
            let new = value(forKey: key)
            if new != old { changed[key] = .some(new) }
        }
        return changed
    }
}
