import Foundation
import PrefsTestSupport
import Testing

extension Fleet {
    /// Dumps the fleet's database with `pg_dump` (plain SQL that drops and creates every object again); returns the
    /// file.
    func dump() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-dump-\(UUID()).sql")
        try server.run("pg_dump", ["--clean", "--if-exists", "--file", file.path], database: database)
        return file
    }

    /// Restores a dump of ``dump()`` into the fleet's database: its tables are created anew, with the dump's rows.
    func restore(_ dump: URL) throws {
        try server.run("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--file", dump.path], database: database)
    }
}

extension PostgresTestServer {
    /// Runs one of PostgreSQL's client programs as the superuser, on `database` (the server's by default).
    func run(_ program: String, _ arguments: [String], database: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        var environment = environment(applicationName: "prefs-tests-\(program)")
        if let database { environment["PGDATABASE"] = database }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let status = process.exitStatus()
        guard status == 0 else {
            throw ServerError(message: "\(program): \(String(decoding: data, as: UTF8.self))")
        }
    }
}

/// A `psql` session that holds a lock in an open transaction until ``end()``.
final class LockHolder: @unchecked Sendable {
    private let process: Process
    private let server: PostgresTestServer
    let applicationName: String

    init(server: PostgresTestServer, statement: String, database: String?) throws {
        self.server = server
        applicationName = "prefs-tests-lock-\(UUID().uuidString.prefix(8).lowercased())"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-c", "BEGIN; \(statement); SELECT pg_sleep(600); COMMIT;"]
        var environment = server.environment(applicationName: applicationName)
        if let database { environment["PGDATABASE"] = database }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let granted = eventually("the lock is taken") {
            (try? server.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(applicationName)' "
                    + "AND query LIKE '%pg_sleep%' AND state = 'active'")) == "1"
        }
        guard granted else { throw PostgresTestServer.ServerError(message: "psql did not take the lock") }
    }

    /// Ends the session (its transaction rolls back, the lock is released).
    func end() {
        _ = try? server.terminateSessions(of: applicationName)
        if process.isRunning { process.terminate() }
        _ = process.exitStatus()
    }
}

extension PostgresTestServer {
    /// Takes a lock in a session of its own, held until the holder's `end()`.
    func holdLock(_ statement: String, database: String? = nil) throws -> LockHolder {
        try LockHolder(server: self, statement: statement, database: database)
    }
}
