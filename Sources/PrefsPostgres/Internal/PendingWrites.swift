internal import Prefs

/// The local writes not yet committed, in order, as runs of writes made with one reason: the writes of a run are
/// coalesced (the latest per key), two runs never are, so that two writes of one key made with different reasons
/// reach the history as two records.
struct PendingWrites: Sendable {
    /// Writes made one after the other with one reason.
    struct Run: Sendable {
        /// The reason the writes were made with (`PreferenceWriteReason.current` at the write).
        var reason: PreferenceWriteReason?
        /// The latest write of each key.
        var changes: PreferenceStoreWrites
        /// The sequence number of the run's first write.
        var oldest: UInt64
        /// When the run's first write was made (or restored from an offline copy).
        var acceptedAt: ContinuousClock.Instant
    }

    private(set) var runs: [Run] = []

    var isEmpty: Bool { runs.isEmpty }

    /// The latest pending write of a key: `.some(nil)` for a removal, nil when the key has none.
    func latest(forKey key: String) -> PreferenceValue?? {
        for run in runs.reversed() {
            if let value = run.changes[key] { return .some(value) }
        }
        return nil
    }

    /// The keys with a pending write.
    var keys: Set<String> { runs.reduce(into: []) { $0.formUnion($1.changes.keys) } }

    /// The sequence number of the oldest pending write.
    var oldest: UInt64? { runs.first?.oldest }

    /// Adds writes: into the last run when it has the same reason, else as a new run.
    mutating func append(_ changes: PreferenceStoreWrites, reason: PreferenceWriteReason?, sequence: UInt64) {
        if let last = runs.indices.last, runs[last].reason == reason {
            runs[last].changes.merge(changes) { _, newer in newer }
        } else {
            runs.append(Run(reason: reason, changes: changes, oldest: sequence, acceptedAt: .now))
        }
    }

    /// Removes and returns the oldest run.
    mutating func takeFirst() -> Run? {
        runs.isEmpty ? nil : runs.removeFirst()
    }

    /// Puts a run that could not be committed back in front, under any newer writes of its keys with the same reason.
    mutating func putBack(_ run: Run) {
        if let first = runs.first, first.reason == run.reason {
            runs[0].changes = run.changes.merging(first.changes) { _, newer in newer }
            runs[0].oldest = min(run.oldest, first.oldest)
            runs[0].acceptedAt = min(run.acceptedAt, first.acceptedAt)
        } else {
            runs.insert(run, at: 0)
        }
    }
}
