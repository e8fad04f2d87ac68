internal import Logging
internal import PostgresNIO

/// Small helpers for running statements in order and in transactions on one connection, as futures.
enum Database {
    /// Runs the queries one after the other; stops at the first failure.
    static func runInOrder(
        _ queries: [PostgresQuery],
        on connection: GuardedConnection,
        logger: Logger
    ) -> EventLoopFuture<Void> {
        queries.reduce(connection.eventLoop.makeSucceededVoidFuture()) { previous, query in
            previous.flatMap { connection.query(query, logger: logger).map { _ in } }
        }
    }

    /// Runs `body` between `BEGIN` and `COMMIT`; rolls back when `body` or the commit fails.
    static func inTransaction<Value: Sendable>(
        on connection: GuardedConnection,
        logger: Logger,
        _ body: @escaping @Sendable () -> EventLoopFuture<Value>
    ) -> EventLoopFuture<Value> {
        connection.query("BEGIN", logger: logger).flatMap { _ in
            body().flatMap { value in
                commit(on: connection, logger: logger).map { value }
            }.flatMapError { error in
                connection.query("ROLLBACK", logger: logger).map { _ in }.recover { _ in }.flatMapThrowing {
                    throw error
                }
            }
        }
    }

    /// Commits; fails when the server answers that it rolled back instead (a transaction that had
    /// already failed ends with `ROLLBACK` even when asked to commit).
    static func commit(on connection: GuardedConnection, logger: Logger) -> EventLoopFuture<Void> {
        connection.query("COMMIT", logger: logger).flatMapThrowing { result in
            guard result.metadata.command == "COMMIT" else {
                throw StoreFailure(kind: .transactionFailed, reason: "the server rolled the transaction back")
            }
        }
    }
}
