/// The state of the link between a store and its containers, under the link's lock: the writes on their way to
/// the store, the order of every change handed to the containers, and what to read back after a race.
///
/// Its mutating methods are the link's transitions; each returns what the caller must do once the lock is released
/// (hand values to the containers, read keys back, schedule a drain). It holds no references and calls nothing, so
/// it is tested by feeding it events (see `LinkStateTests`).
struct LinkState: Sendable {
    /// What the containers must apply: new stored values, numbered so that a container never lets an older change
    /// overwrite a newer one that reached it first.
    struct Update: Sendable {
        /// The new stored values: one key (a subscript write, the common case, needs no dictionary) or several.
        enum Values: Sendable {
            case one(name: String, value: PreferenceValue?)
            case many(PreferenceStoreWrites)
        }

        var values: Values
        var sequence: UInt64
    }

    /// What to do after a report from the store: values to hand to the containers now (nil when there are none), and
    /// keys whose new values the report did not carry, to read from the store (on the link's queue).
    typealias ReportAction = (update: Update?, readBack: Set<String>)

    /// Writes for one store call: the latest value per key, all made with one reason.
    struct Batch: Sendable {
        var writes: PreferenceStoreWrites = [:]
        var reason: PreferenceWriteReason?
    }

    /// The number of the last change handed to the containers.
    private(set) var sequence: UInt64 = 0
    /// Local writes not yet handed to the store, in batches of one reason each, oldest first: a write joins the last
    /// batch when it has the same reason, so that two writes of a key with different reasons stay two store calls.
    private(set) var pending: [Batch] = []
    /// The batch the store is writing now.
    private(set) var inFlight: PreferenceStoreWrites = [:]
    /// Whether a drain of `pending` is scheduled or running.
    private(set) var isDrainScheduled = false
    /// How many transactions of containers are running on the store.
    private(set) var runningTransactions = 0
    /// Keys that someone else changed while a local write of them was in flight or a transaction ran, and keys a
    /// transaction that has ended committed while a local write of them was in flight: the link cannot order the two,
    /// so they are read back once the write has landed (or the transactions have ended).
    private(set) var raced: Set<String> = []
    /// Keys whose latest value handed to the containers came from this link (a write, a transaction): the store's
    /// echo of an own call is then never newer than what the containers hold, and a late one (delivered after a
    /// newer own write or transaction was applied) would put an older value back, so echoes of these keys are not
    /// applied. A value from anyone else, or read back from the store, takes a key off.
    private(set) var ownLatest: Set<String> = []
    /// Failures of writes made behind the callers, thrown by the next `flush()`.
    private(set) var failures: [LinkFailure] = []
    /// How many batches the drain has taken: a batch's number, so that a waiting `set` finds the failure of the
    /// batch that held its write.
    private(set) var batchesTaken: UInt64 = 0
    /// The emptied storage of the last batch written, for the next one: a write after a drain allocates nothing.
    private var spare: PreferenceStoreWrites = [:]

    // MARK: Local writes

    /// A container writes one key: it becomes pending, and every container is told at once.
    ///
    /// - Returns: The update for the containers, whether the caller must schedule a drain, and the number of the batch
    ///   that holds the write.
    mutating func write(
        name: String, value: PreferenceValue?, reason: PreferenceWriteReason?
    ) -> (update: Update, scheduleDrain: Bool, batch: UInt64) {
        if let last = pending.indices.last, pending[last].reason == reason {
            // A key already pending is in `ownLatest` (nothing takes a pending key off): one lookup, not two.
            if pending[last].writes.updateValue(value, forKey: name) == nil { ownLatest.insert(name) }
        } else {
            var batch = Batch(reason: reason)
            swap(&batch.writes, &spare)
            batch.writes[name] = .some(value)
            pending.append(batch)
            ownLatest.insert(name)
        }
        let scheduleDrain = !isDrainScheduled
        isDrainScheduled = true
        sequence += 1
        let batch = batchesTaken + UInt64(pending.count)
        return (Update(values: .one(name: name, value: value), sequence: sequence), scheduleDrain, batch)
    }

    /// The value of a key on its way to the store, if one is (the store does not hold it yet).
    func localValue(of name: String) -> PreferenceValue?? {
        for batch in pending.reversed() { if let value = batch.writes[name] { return value } }
        return inFlight[name]
    }

    /// Whether a local write of the key is pending (not yet handed to the store).
    func isPending(_ name: String) -> Bool { pending.contains { $0.writes[name] != nil } }

    /// Whether a local write of the key is pending or in flight.
    func isWriting(_ name: String) -> Bool { isPending(name) || inFlight[name] != nil }

    /// The drain takes the oldest pending batch; nil (ending the drain) when there is none.
    mutating func takeBatch() -> Batch? {
        guard !pending.isEmpty else {
            isDrainScheduled = false
            return nil
        }
        precondition(inFlight.isEmpty, "Prefs: a batch was taken while another was in flight")
        let batch = pending.removeFirst()
        batchesTaken += 1
        inFlight = batch.writes
        return batch
    }

    /// The store returned from writing the batch in flight.
    ///
    /// - Parameter failed: What the store refused, if anything (a batch it refused is written again in parts, so
    ///   that one value it cannot keep takes nothing else with it); those keys are read back from the store.
    /// - Returns: Keys to read back from the store: those that raced the batch or failed with it (minus keys written
    ///   again meanwhile, whose newer write is pending).
    mutating func batchFinished(failed: [LinkFailure] = []) -> Set<String> {
        var readBack = raced.intersection(inFlight.keys)
        for var failure in failed {
            failure.batch = batchesTaken
            failures.append(failure)
            readBack.formUnion(failure.keys)
        }
        raced.subtract(inFlight.keys)
        inFlight.removeAll(keepingCapacity: true)
        if spare.capacity < inFlight.capacity { swap(&inFlight, &spare) }
        return readBack.filter { !isPending($0) }
    }

    /// A waiting `set` takes the failure of its write to `name`, in the batch numbered `batch`: it is then reported
    /// only to that caller, not again by `flush()`.
    mutating func takeFailure(of name: String, inBatch batch: UInt64) -> LinkFailure? {
        guard let index = failures.lastIndex(where: { $0.batch == batch && $0.keys.contains(name) }) else {
            return nil
        }
        return failures.remove(at: index)
    }

    /// A flush takes every failure since the last one.
    mutating func takeFailures() -> [LinkFailure] {
        defer { failures = [] }
        return failures
    }

    // MARK: Transactions

    /// A container's transaction starts on the store.
    mutating func transactionStarted() { runningTransactions += 1 }

    /// A transaction's committed changes as the containers get them, and their number.
    struct Commit: Sendable {
        let changes: PreferenceStoreWrites
        let number: UInt64
        /// Committed keys whose local write was in flight: read back once the write has landed and the transaction
        /// has ended.
        let writesInFlight: Set<String>
    }

    /// A container's transaction is committing `changes` (the store calls this inside its transaction): it takes its
    /// number now, in the store's order of commits, so that a transaction whose end reaches the link late never
    /// overwrites the newer values of a transaction that committed after it.
    ///
    /// A key with a local write on its way is left out. A pending write reaches a store that isolates its
    /// transactions (every store of Prefs) after the commit, and wins. A write in flight may have reached it just
    /// before the commit or may wait for it: the link cannot tell, so the key is read back once the write has landed
    /// and the transaction has ended (when the commit is visible).
    ///
    /// - Returns: The changes the containers get when the transaction ends, their number, and the keys to read back.
    mutating func transactionCommitting(_ changes: PreferenceStoreWrites) -> Commit {
        sequence += 1
        return Commit(
            changes: changes.filter { !isWriting($0.key) }, number: sequence,
            writesInFlight: Set(changes.keys.filter { inFlight[$0] != nil }))
    }

    /// A container's transaction ended; `committed` is what ``transactionCommitting(_:)`` returned, if it committed.
    ///
    /// - Returns: The update for the containers (the committed values, except keys pending now, numbered in commit
    ///   order), and keys to read back: those another writer changed while the transaction ran (their reported
    ///   values cannot be ordered against the commit, so the store says), and those whose write was in flight at the
    ///   commit and has landed since (one still in flight is read back once it has landed; one written again is
    ///   left to that write).
    mutating func transactionEnded(committed: Commit?) -> ReportAction {
        runningTransactions -= 1
        let changes = (committed?.changes ?? [:]).filter { !isPending($0.key) }
        let writesInFlight = committed?.writesInFlight ?? []
        raced.formUnion(writesInFlight.filter { inFlight[$0] != nil })
        var readBack = raced.intersection(changes.keys).union(writesInFlight)
        if runningTransactions == 0 {
            readBack.formUnion(raced.filter { changes[$0] == nil })
            raced = raced.filter { inFlight[$0] != nil }
        }
        readBack = readBack.filter { !isWriting($0) }
        guard let number = committed?.number, !changes.isEmpty else {
            return (nil, readBack)
        }
        ownLatest.formUnion(changes.keys)
        return (Update(values: .many(changes), sequence: number), readBack)
    }

    // MARK: Reports from the store

    /// The store reported a change.
    ///
    /// - Parameters:
    ///   - change: The report.
    ///   - ownOrigin: The origin this link's writes carry.
    /// - Returns: The values to apply and the keys to read back.
    mutating func reported(_ change: PreferenceStoreChange, ownOrigin: PreferenceWriteOrigin) -> ReportAction {
        let isEcho = change.origin == ownOrigin
        if !isEcho, pending.isEmpty, inFlight.isEmpty, runningTransactions == 0 {
            // Nothing of this link's is on its way: the report applies as it is (every instance of a fleet takes
            // this path for every change it hears), without building its values again.
            if !ownLatest.isEmpty { ownLatest.subtract(change.values.keys) }
            return (change.values.isEmpty ? nil : nextUpdate(change.values), change.keysWithoutValues)
        }
        var apply: PreferenceStoreWrites = [:]
        var readBack: Set<String> = []
        for (name, value) in change.values {
            if isPending(name) { continue }  // the newer local write lands after whatever this reports
            if isEcho {
                // The containers hold the value of a call in flight, or a newer own one; an echo after another
                // writer's value ends a race on the store's value.
                if inFlight[name] == nil && !ownLatest.contains(name) { apply[name] = .some(value) }
            } else if inFlight[name] != nil || runningTransactions > 0 {
                raced.insert(name)  // read back once the write has landed or the transactions have ended
            } else {
                apply[name] = .some(value)
                ownLatest.remove(name)
            }
        }
        for name in change.keysWithoutValues where !isEcho {
            if isPending(name) { continue }
            if inFlight[name] != nil || runningTransactions > 0 {
                raced.insert(name)
            } else {
                readBack.insert(name)
            }
        }
        return (apply.isEmpty ? nil : nextUpdate(apply), readBack)
    }

    /// Values read back from the store (after a race, a failure, or a report without values).
    ///
    /// - Returns: The update for the containers, without keys whose local write is on its way (it wins).
    mutating func readBack(_ values: PreferenceStoreWrites) -> Update? {
        let values = values.filter { !isWriting($0.key) }
        for name in values.keys { ownLatest.remove(name) }
        return values.isEmpty ? nil : nextUpdate(values)
    }

    private mutating func nextUpdate(_ values: PreferenceStoreWrites) -> Update {
        sequence += 1
        return Update(values: .many(values), sequence: sequence)
    }
}

/// Writes the store refused: their keys and the store's error.
struct LinkFailure: Error, Sendable {
    let keys: [String]
    let underlying: any Error
    /// The number of the batch the store refused (``LinkState/batchesTaken`` when it was taken): a waiting `set`
    /// takes only a failure of the batch that held its write.
    var batch: UInt64 = 0
}
