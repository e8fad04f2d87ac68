internal import Prefs

/// The store's in-memory copy of its namespace: the rows as last read from the database, and the
/// writes of this instance that are not committed yet. Readers are answered from here, never from
/// the database.
///
/// A key's visible value is its newest local write (queued, then being committed) if it has one,
/// else its row. Rows only move forward: a row is replaced only by one with a higher version.
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
    /// Local writes not yet handed to the database, latest per key.
    private(set) var queued: PreferenceStoreWrites = [:]
    /// The local writes being committed now.
    private(set) var committing: PreferenceStoreWrites = [:]
    /// The sequence numbers of the oldest write folded into `queued` and `committing`.
    private var oldestQueued: UInt64?
    private var oldestCommitting: UInt64?
    /// The sequence number of the last local write.
    private(set) var lastWrite: UInt64 = 0

    /// The value readers see.
    func value(forKey key: String) -> PreferenceValue? {
        if let queued = queued[key] { return queued }
        if let committing = committing[key] { return committing }
        return rows[key]?.value
    }

    /// The keys that have a visible value.
    var keys: [String] {
        Set(rows.keys).union(queued.keys).union(committing.keys).filter { value(forKey: $0) != nil }
    }

    /// The number of local writes not yet committed (by key).
    var uncommittedCount: Int { Set(queued.keys).union(committing.keys).count }

    /// The keys of the local writes not yet committed.
    var uncommittedKeys: [String] { Set(queued.keys).union(committing.keys).sorted() }

    /// Whether every local write up to `sequence` is committed (or superseded by a committed one).
    func isCommitted(through sequence: UInt64) -> Bool {
        (oldestQueued.map { $0 > sequence } ?? true) && (oldestCommitting.map { $0 > sequence } ?? true)
    }

    /// Queues local writes; returns the keys whose visible value changed and the writes' sequence number.
    mutating func enqueue(_ changes: PreferenceStoreWrites) -> (changed: PreferenceStoreWrites, sequence: UInt64) {
        lastWrite += 1
        if oldestQueued == nil { oldestQueued = lastWrite }
        var changed: PreferenceStoreWrites = [:]
        for (key, value) in changes {
            if self.value(forKey: key) != value { changed[key] = .some(value) }
            queued[key] = .some(value)
        }
        return (changed, lastWrite)
    }

    /// Moves the queued writes to `committing` and returns them; nil when nothing is queued or a
    /// commit is already under way.
    mutating func takeBatch() -> PreferenceStoreWrites? {
        guard committing.isEmpty, !queued.isEmpty else { return nil }
        (committing, queued) = (queued, [:])
        (oldestCommitting, oldestQueued) = (oldestQueued, nil)
        return committing
    }

    /// Records that the batch was committed; `versions` has the new version of every row that changed
    /// (a write equal to the stored value changes no row). Returns the keys whose visible value changed.
    mutating func batchCommitted(versions: [String: Int64]) -> PreferenceStoreWrites {
        let batch = committing
        let before = visibleValues(of: batch.keys)
        committing = [:]
        oldestCommitting = nil
        record(batch, versions: versions)
        return changedValues(since: before)
    }

    /// Puts a batch that could not be committed back in the queue, under any newer writes of the same keys.
    mutating func batchFailed() {
        queued = committing.merging(queued) { _, newer in newer }
        oldestQueued = [oldestCommitting, oldestQueued].compactMap { $0 }.min()
        committing = [:]
        oldestCommitting = nil
    }

    /// Records a transaction's committed changes; returns the keys whose visible value changed.
    mutating func transactionCommitted(
        _ changes: PreferenceStoreWrites,
        versions: [String: Int64]
    ) -> PreferenceStoreWrites {
        let before = visibleValues(of: changes.keys)
        record(changes, versions: versions)
        return changedValues(since: before)
    }

    /// Applies rows read from the database, all versions above `watermark` up to `head`; returns
    /// the keys whose visible value changed.
    mutating func apply(_ fetched: [(key: String, row: Row)], head: Int64) -> PreferenceStoreWrites {
        let before = visibleValues(of: fetched.map(\.key))
        for (key, row) in fetched where row.version > (rows[key]?.version ?? 0) {
            rows[key] = row
        }
        watermark = max(watermark, head)
        return changedValues(since: before)
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
