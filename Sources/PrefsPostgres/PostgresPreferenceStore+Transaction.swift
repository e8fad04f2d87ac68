internal import Logging
internal import PostgresNIO
public import Prefs

extension PostgresPreferenceStore {
    /// Runs a read-modify-write atomically against every instance of the fleet.
    ///
    /// The store first commits this instance's queued writes, then opens a database transaction that
    /// takes the namespace's row lock (`SELECT … FOR UPDATE` on `prefs_namespaces`), which every
    /// writer takes before changing a row. The body's reads come from the database inside that
    /// transaction; its changes are written and committed before the lock is released. So four
    /// instances incrementing one counter 250 times each end at exactly 1,000.
    ///
    /// The calling thread blocks while the transaction runs (a container calls this on its writer
    /// queue); each statement has ``Configuration/operationTimeout``. The history records the changes with the reason
    /// `PreferenceWriteReason.current` gives them during the call.
    ///
    /// - Parameter body: Reads and changes values.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (nothing is written then), or ``PostgresPreferenceStoreError`` of
    ///   kind `transactionFailed`, `unreachable` or `unstorableValue`; nothing is written then. When
    ///   the connection is lost during the `COMMIT` itself, the transaction may have committed.
    public func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        guard !core.isClosed else {
            throw StoreFailure(kind: .closed, reason: "the store is closed").error("could not run a transaction")
        }
        let origin = PreferenceWriteOrigin.current
        let reason = PreferenceWriteReason.current
        let timeout = core.configuration.operationTimeout
        let lease: Session.Lease
        do {
            lease = try session.lease(timeout: timeout) { [writeBehind] in writeBehind.commitQueued(on: $0) }
        } catch {
            throw StoreFailure(error).error("could not start a transaction")
        }
        defer { lease.release() }
        let connection = lease.connection
        let core = self.core
        /// Runs one step; every error of the database (not of the body) becomes a `StoreFailure`.
        func step<Value>(_ work: () throws -> Value) throws -> Value {
            do { return try work() } catch { throw StoreFailure(error) }
        }
        func run(_ query: PostgresQuery, _ doing: String) throws -> PostgresQueryResult {
            try step { try connection.query(query, logger: core.logger).waitOffLoop(timeout: timeout, doing) }
        }

        var isOpen = false
        do {
            _ = try run("BEGIN", "beginning the transaction")
            isOpen = true
            _ = try run(Statements.lockNamespace(core.namespace), "locking the namespace")
            var transaction = PreferenceStoreTransaction { key in
                guard (try? StoredValue.validate([key: nil])) != nil else { return nil }
                let result = try run(Statements.read(key, in: core.namespace), "reading '\(key)'")
                let text = try step { try result.rows.first?.decode(String?.self) ?? nil }
                return StoredValue.decode(text, key: key, logger: core.logger)
            }
            let result = try body(&transaction)
            let changes = transaction.changes
            var versions: [String: Int64] = [:]
            if !changes.isEmpty {
                try StoredValue.validate(changes)
                if reason != nil { _ = try run(Statements.setReason(reason), "setting the reason") }
                let written = try run(Statements.write(changes, in: core.namespace), "writing the changes")
                versions = try step { try Statements.versions(from: written) }
            }
            isOpen = false
            try step {
                try Database.commit(on: connection, logger: core.logger).waitOffLoop(timeout: timeout, "committing")
            }
            core.changeMirror(origin: origin) { $0.transactionCommitted(changes, versions: versions) }
            return result
        } catch let failure as StoreFailure {
            if isOpen { _ = try? run("ROLLBACK", "rolling back") }
            throw failure.kind == .unreachable || failure.kind == .calledOnEventLoop
                ? failure.error("the transaction failed")
                : StoreFailure(kind: .transactionFailed, reason: failure.reason, sqlState: failure.sqlState).error(
                    "the transaction failed")
        } catch {
            if isOpen { _ = try? run("ROLLBACK", "rolling back") }
            throw error
        }
    }
}
