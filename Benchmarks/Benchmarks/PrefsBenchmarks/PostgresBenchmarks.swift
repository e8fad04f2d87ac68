import Benchmark
import Foundation
import Prefs
import PrefsPostgres

/// The fleet store: a write in one instance until an observer in another instance sees it, on a throwaway
/// PostgreSQL server on loopback (started by `scripts/postgres-test-server.sh`, as the tests do). Where
/// PostgreSQL is not installed, the row is left out and `compare.sh` says so.
func postgresBenchmarks() {
    guard PostgresBenchmarkServer.isAvailable else { return }
    let wake = Configurations.perWrite([CustomMetrics.wakeLatency])
    Benchmark("Postgres.write-to-other-instance", configuration: wake) { benchmark, fleet in
        for _ in 0..<50 {
            let value = fleet.next()
            let start = monotonicNanoseconds()
            fleet.writer[\.count] = value
            spin { fleet.probe.hasReceived(value) }
            benchmark.measurement(CustomMetrics.wakeLatency, fleet.probe.wakeTime - start)
        }
    } setup: {
        try PostgresFleet()
    }
}

/// Two instances of a fleet, each a container over its own `PostgresPreferenceStore` (its own connections) on
/// one namespace; the reader observes `count`.
final class PostgresFleet: @unchecked Sendable {
    let server: PostgresBenchmarkServer
    let writer: Preferences
    let reader: Preferences
    let probe = WakeProbe()
    private var token: PreferenceObservationToken?
    private var counter = Fixtures.count

    init() throws {
        server = try PostgresBenchmarkServer()
        let namespace = "bench-\(UUID())"
        writer = Preferences(
            store: try PostgresPreferenceStore(
                configuration: .init(environment: server.environment, namespace: namespace))
        )
        reader = Preferences(
            store: try PostgresPreferenceStore(
                configuration: .init(environment: server.environment, namespace: namespace))
        )
        let probe = self.probe
        token = reader.observe(\.count) { probe.record($0.newValue) }
    }

    func next() -> Int {
        counter += 1
        return counter
    }

    deinit {
        token?.cancel()
        try? server.stop()
    }
}

/// A throwaway PostgreSQL cluster on loopback, through the script the tests and CI use.
final class PostgresBenchmarkServer: Sendable {
    /// libpq's variables for the cluster (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE).
    let environment: [String: String]
    private let directory: String

    private static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/postgres-test-server.sh").path
    }

    /// Whether PostgreSQL's binaries are installed.
    static var isAvailable: Bool { (try? run(["check"]).status) == 0 }

    /// Starts a cluster; `maximumConnections` raises the server's `max_connections` for a large fleet.
    init(maximumConnections: Int? = nil) throws {
        let (status, output) = try Self.run(
            ["start"], environment: maximumConnections.map { ["PREFS_PG_MAX_CONNECTIONS": "\($0)"] } ?? [:])
        guard status == 0 else { throw BenchmarkServerError(message: output) }
        var settings: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { settings[parts[0]] = parts[1] }
        }
        guard let directory = settings["PREFS_PG_DIR"] else { throw BenchmarkServerError(message: output) }
        self.directory = directory
        self.environment = settings.filter { $0.key.hasPrefix("PG") }.merging(["PGSSLMODE": "disable"]) { $1 }
    }

    func stop() throws { _ = try Self.run(["stop", directory]) }

    /// The cluster's folder (its data, its log, its postmaster.pid).
    var folder: String { directory }

    private static func run(
        _ arguments: [String],
        environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + arguments
        // The script's watchdog stops the cluster once this process has ended, even if no deinit runs.
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PREFS_PG_OWNER_PID": "\(ProcessInfo.processInfo.processIdentifier)"].merging(environment) { $1 }
        ) { $1 }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-pg-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        defer { try? FileManager.default.removeItem(at: output) }
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }
}

struct BenchmarkServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { "could not start PostgreSQL: \(message)" }
}
