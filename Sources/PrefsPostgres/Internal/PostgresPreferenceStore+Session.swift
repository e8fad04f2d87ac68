internal import PostgresNIO

extension PostgresPreferenceStore {
    /// Runs a query on the writing session after the operations queued before it, blocking the calling thread up to
    /// the operation timeout.
    ///
    /// - Parameters:
    ///   - doing: What failed, in front of the reason, when it fails.
    ///   - operation: The queries.
    /// - Returns: What `operation` returns.
    /// - Throws: ``PostgresPreferenceStoreError``.
    func onSession<Value: Sendable>(
        _ doing: String,
        _ operation: @escaping @Sendable (GuardedConnection) -> EventLoopFuture<Value>
    ) throws -> Value {
        do {
            return try enqueueOnSession(operation).waitOffLoop(timeout: core.configuration.operationTimeout, doing)
        } catch {
            throw failure(error, doing)
        }
    }

    /// Runs a query on the writing session after the operations queued before it, without blocking a thread.
    ///
    /// - Parameters:
    ///   - doing: What failed, in front of the reason, when it fails.
    ///   - operation: The queries.
    /// - Returns: What `operation` returns.
    /// - Throws: ``PostgresPreferenceStoreError``.
    func onSession<Value: Sendable>(
        _ doing: String,
        _ operation: @escaping @Sendable (GuardedConnection) -> EventLoopFuture<Value>
    ) async throws -> Value {
        do {
            return try await enqueueOnSession(operation).get()
        } catch {
            throw failure(error, doing)
        }
    }

    private func enqueueOnSession<Value: Sendable>(
        _ operation: @escaping @Sendable (GuardedConnection) -> EventLoopFuture<Value>
    ) -> EventLoopFuture<Value> {
        guard !core.isClosed else {
            return core.loop.makeFailedFuture(StoreFailure(kind: .closed, reason: "the store is closed"))
        }
        return session.enqueue { [core] result in
            switch result {
            case .success(let connection): operation(connection)
            case .failure(let error): core.loop.makeFailedFuture(error)
            }
        }
    }

    /// The public error for a failed session operation; a missing privilege on the history names the grant to run.
    private func failure(_ error: any Error, _ doing: String) -> PostgresPreferenceStoreError {
        let failure = StoreFailure(error)
        guard failure.kind == .permissionDenied, failure.reason.contains("prefs_history") else {
            return failure.error(doing)
        }
        let role = core.configuration.connection.username
        return StoreFailure(
            kind: .permissionDenied,
            reason: "\(failure.reason); grant it with: GRANT SELECT ON prefs_history TO \"\(role)\"",
            sqlState: failure.sqlState
        ).error(doing)
    }
}
