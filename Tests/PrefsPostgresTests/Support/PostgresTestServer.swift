import Foundation
import PostgresNIO
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// A throwaway PostgreSQL cluster, started by `scripts/postgres-test-server.sh` in a temporary
/// folder on a loopback port, run by an unprivileged user, and stopped when the tests end.
final class PostgresTestServer: Sendable {
    /// What the script printed: PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PREFS_PG_DIR.
    let settings: [String: String]

    var host: String { settings["PGHOST"]! }
    var port: Int { Int(settings["PGPORT"]!)! }
    var user: String { settings["PGUSER"]! }
    var password: String { settings["PGPASSWORD"]! }
    var database: String { settings["PGDATABASE"]! }
    var directory: String { settings["PREFS_PG_DIR"]! }

    private init(settings: [String: String]) { self.settings = settings }

    /// The reason shown when the PostgreSQL tests are skipped.
    static let missingBinaries: Comment =
        "PostgreSQL's server binaries or psql are not installed; install them with: apt-get install -y postgresql"

    /// Whether PostgreSQL's server binaries are installed: the condition of every PostgreSQL test.
    static let binariesInstalled: Bool = (try? runScript(["check"]).status) == 0

    private static let sharedServer = Lock<Result<PostgresTestServer, any Error>?>(nil)

    /// The server the tests of this process share, started on first use and stopped at exit.
    static func shared() throws -> PostgresTestServer {
        try sharedServer.withLock { shared in
            if let shared { return try shared.get() }
            let result = Result { try start() }
            shared = result
            if case .success = result {
                atexit { try? PostgresTestServer.sharedServer.withLock { $0 }?.get().cancel() }
            }
            return try result.get()
        }
    }

    /// Starts a server of its own, for a test that restarts or stops it.
    static func start() throws -> PostgresTestServer {
        let (status, output) = try runScript(["start"])
        guard status == 0 else { throw ServerError(message: "could not start PostgreSQL: \(output)") }
        var settings: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { settings[parts[0]] = parts[1] }
        }
        guard settings["PGPORT"] != nil, settings["PREFS_PG_DIR"] != nil else {
            throw ServerError(message: "the script printed no settings: \(output)")
        }
        return PostgresTestServer(settings: settings)
    }

    /// Stops the server and removes its folder.
    func cancel() throws { try control("stop") }
    /// Stops the server (fast: sessions are cut) and starts it again on the same port.
    func restart() throws { try control("restart") }
    /// Stops the server, keeping its data, until ``resume()``.
    func halt() throws { try control("halt") }
    /// Starts a halted server again on the same port.
    func resume() throws { try control("resume") }
    /// Stops the server as a crash does (no checkpoint, every session cut at once), keeping its data, until
    /// ``resume()``, which recovers it.
    func crash() throws { try control("crash") }

    private func control(_ command: String) throws {
        let (status, output) = try Self.runScript([command, directory])
        guard status == 0 else { throw ServerError(message: "\(command) failed: \(output)") }
    }

    /// A store configuration for this server; `applicationName` lets a test find its store's sessions.
    func configuration(
        namespace: String,
        applicationName: String = "prefs-tests",
        user: String? = nil,
        password: String? = nil,
        database: String? = nil
    ) -> PostgresPreferenceStore.Configuration {
        var connection = PostgresConnection.Configuration(
            host: host, port: port, username: user ?? self.user, password: password ?? self.password,
            database: database ?? self.database, tls: .disable)
        connection.options.additionalStartupParameters = [("application_name", applicationName)]
        // A connection's start (a new server process, SCRAM authentication) shares 2 cores with every test running at
        // once: scaled like every deadline, and long enough for the storm of sessions when the suites start.
        connection.options.connectTimeout = .seconds(Int64(10 * deadlineScale))
        var configuration = PostgresPreferenceStore.Configuration(connection: connection, namespace: namespace)
        configuration.flushTimeout = .seconds(10 * deadlineScale)  // scaled like every deadline (sanitizers)
        configuration.operationTimeout = .seconds(30 * deadlineScale)  // the start too: 30 s, the default, scaled
        configuration.retryDelay = .milliseconds(20)
        configuration.maximumRetryDelay = .milliseconds(500)
        return configuration
    }

    /// The environment for a child process: libpq's variables for this server.
    func environment(applicationName: String = "prefs-tests-child") -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in settings where name.hasPrefix("PG") { environment[name] = value }
        environment["PGAPPNAME"] = applicationName
        return environment
    }

    /// Runs SQL with `psql` (as the superuser unless a role is given) and returns its unaligned output.
    ///
    /// Statements that change roles or privileges run one at a time in this process: PostgreSQL refuses two
    /// concurrent GRANTs on one table ("tuple concurrently updated"), which tests running in parallel met under load.
    @discardableResult
    func sql(
        _ statement: String, database: String? = nil, role: (name: String, password: String)? = nil
    ) throws
        -> String
    {
        guard statement.range(of: "ROLE|GRANT|REVOKE", options: .regularExpression) == nil else {
            return try Self.privilegeChanges.withLock { try run(statement, database: database, role: role) }
        }
        return try run(statement, database: database, role: role)
    }

    /// Serializes the statements that change roles or privileges (see ``sql(_:database:role:)``).
    private static let privilegeChanges = NSLock()  // not Lock(()): ThreadSanitizer reported its empty value raced

    private func run(
        _ statement: String, database: String?, role: (name: String, password: String)?
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-v", "ON_ERROR_STOP=1", "-Atqc", statement]
        var environment = environment(applicationName: "prefs-tests-psql")
        if let database { environment["PGDATABASE"] = database }
        if let role { (environment["PGUSER"], environment["PGPASSWORD"]) = (role.name, role.password) }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let status = process.exitStatus()
        let output = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0 else { throw ServerError(message: "psql: \(output)") }
        return output
    }

    /// Ends every session of an application name with `pg_terminate_backend`; returns how many.
    @discardableResult
    func terminateSessions(of applicationName: String) throws -> Int {
        let ended = try sql(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                + "WHERE application_name = '\(applicationName)'")
        return Int(ended) ?? 0
    }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func runScript(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/postgres-test-server.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PREFS_PG_OWNER_PID"] = String(ProcessInfo.processInfo.processIdentifier)
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let status = process.exitStatus()
        return (status, String(decoding: data, as: UTF8.self))
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where PostgreSQL's server binaries are installed; elsewhere it is reported
    /// as skipped, with the install command.
    ///
    /// The condition also starts the shared server, while Swift Testing plans the run: before any test runs, so
    /// that no test's time limit counts the start and no test blocks a thread of the cooperative pool waiting for
    /// another to finish it. A start that fails is thrown again by every test that uses the server.
    static var requiresPostgreSQL: Self {
        .enabled(PostgresTestServer.missingBinaries) {
            guard PostgresTestServer.binariesInstalled else { return false }
            _ = try? PostgresTestServer.shared()
            return true
        }
    }
}
