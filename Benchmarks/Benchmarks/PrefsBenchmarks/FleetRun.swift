import Benchmark
import Foundation
import Logging
import PostgresNIO
import Prefs
import PrefsPostgres

/// One fleet on a throwaway cluster: instances (or plain listening sessions, the floor) in several driver processes
/// of about 50 each (100 each from 1,000 instances), and the writer in this process. Measures, for one write at a time,
/// when the first and the last instance heard it, and what the fleet cost in CPU and memory.
final class FleetRun: @unchecked Sendable {
    enum Kind: Sendable {
        /// Plain postgres-nio sessions LISTENing; the write is one UPDATE with its NOTIFY.
        case floor
        /// Prefs instances with this many sessions each; the write is a container's subscript write.
        case prefs(PostgresPreferenceStore.Configuration.Sessions)
        /// Prefs instances with one session each for writes and reads, the instances of each driver process sharing
        /// one listening session.
        case sharedListener
    }

    let kind: Kind
    let instances: Int
    private let server: PostgresBenchmarkServer
    private let admin: PostgresConnection
    private let load: ServerLoad
    private let drivers: [DriverProcess]
    private var writer: Preferences?
    private var writerSession: PostgresConnection?
    private var value = 0
    private static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private static let logger = Logger(label: "fleet-benchmark")
    static let namespace = "fleet-bench"

    init(kind: Kind, instances: Int) throws {
        self.kind = kind
        self.instances = instances
        server = try PostgresBenchmarkServer(maximumConnections: max(1_000, instances + 100))
        load = try ServerLoad(folder: server.folder)
        admin = try Self.connect(server)
        let processes = instances >= 1_000 ? instances / 100 : max(2, instances / 50)
        let counts = (0..<processes).map { instances / processes + ($0 < instances % processes ? 1 : 0) }
        let environment = server.environment
        switch kind {
        case .floor:
            _ = try admin.query("CREATE TABLE fleet_floor (id int PRIMARY KEY, value bigint)", logger: Self.logger)
                .wait()
            _ = try admin.query("INSERT INTO fleet_floor VALUES (1, 0)", logger: Self.logger).wait()
            writerSession = try Self.connect(server)
            drivers = try counts.map { try DriverProcess(["floor", "\($0)", "fleet_floor"], environment: environment) }
        case .prefs(let sessions):
            let mode = sessions == .one ? "one" : "two"
            drivers = try counts.map {
                try DriverProcess(["prefs", "\($0)", Self.namespace, mode], environment: environment)
            }
        case .sharedListener:
            drivers = try counts.map {
                try DriverProcess(["prefs", "\($0)", Self.namespace, "one", "shared"], environment: environment)
            }
        }
        for driver in drivers { _ = try driver.take(within: 600) { $0 == "ready" } }
        if kind.isPrefs {
            writer = Preferences(
                store: try PostgresPreferenceStore(
                    configuration: .init(environment: server.environment, namespace: Self.namespace)))
        }
    }

    /// Writes `count` values one at a time (after a few unmeasured ones) and records, per write, the time until
    /// the first and the last instance had it; then the fleet's cost and the database's load.
    func measure(_ benchmark: Benchmark, writes count: Int = 200) throws {
        for _ in 0..<5 { _ = try writeAndWait() }
        let clientBefore = try drivers.reduce(0) { $0 + (try $1.cpuNanoseconds()) }
        let serverBefore = load.cpuNanoseconds()
        var queue = 0.0
        for index in 0..<count {
            let (first, last) = try writeAndWait()
            benchmark.measurement(FleetMetrics.first, first)
            benchmark.measurement(FleetMetrics.last, last)
            if index % 10 == 9 { queue = max(queue, try notificationQueueUsage()) }
            Thread.sleep(forTimeInterval: 0.02)  // pacing: each write meets a quiet fleet
        }
        let writesTimesInstances = count * instances
        let client = (try drivers.reduce(0) { $0 + (try $1.cpuNanoseconds()) }) - clientBefore
        let serverCPU = load.cpuNanoseconds() - serverBefore
        benchmark.measurement(FleetMetrics.clientCPU, client / writesTimesInstances)
        benchmark.measurement(FleetMetrics.serverCPU, serverCPU / writesTimesInstances)
        benchmark.measurement(FleetMetrics.connections, try connections())
        benchmark.measurement(FleetMetrics.notificationQueue, Int(queue * 1e6))
        let resident = drivers.reduce(0) { $0 + ResidentMemory.bytes(of: $1.processIdentifier) }
        benchmark.measurement(FleetMetrics.clientMemory, resident / instances)
        benchmark.measurement(FleetMetrics.serverMemory, load.proportionalBytesPerSession())
        benchmark.measurement(FleetMetrics.loadAverage, Int(ServerLoad.loadAverage * 100))
    }

    private func writeAndWait() throws -> (first: Int, last: Int) {
        value += 1
        let value = self.value
        let start = monotonicNanoseconds()
        if let writer {
            writer[\.[fleet: "fleet"]] = value
        } else if let writerSession {
            _ = writerSession.query(
                """
                WITH u AS (UPDATE fleet_floor SET value = \(value) WHERE id = 1 RETURNING value)
                SELECT pg_notify('fleet_floor', value::text) FROM u
                """,
                logger: Self.logger)
        }
        var first = Int.max
        var last = 0
        for driver in drivers {
            let line = try driver.take(within: 60) { $0.hasPrefix("seen \(value) ") }
            let fields = line.split(separator: " ")
            first = min(first, Int(fields[2]) ?? 0)
            last = max(last, Int(fields[3]) ?? 0)
        }
        return (first - start, last - start)
    }

    private func notificationQueueUsage() throws -> Double {
        try admin.query("SELECT pg_notification_queue_usage()", logger: Self.logger).wait()
            .rows.first?.decode(Double.self) ?? 0
    }

    private func connections() throws -> Int {
        try admin.query(
            "SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend'", logger: Self.logger
        ).wait().rows.first?.decode(Int.self) ?? 0
    }

    static func connect(_ server: PostgresBenchmarkServer) throws -> PostgresConnection {
        let configuration = try PostgresPreferenceStore.Configuration(environment: server.environment, namespace: "x")
        return try PostgresConnection.connect(
            on: group.next(), configuration: configuration.connection, id: 0, logger: logger
        ).wait()
    }

    deinit {
        for driver in drivers { driver.quit() }
        try? admin.close().wait()
        try? writerSession?.close().wait()
        try? server.stop()
    }
}

extension PreferenceKeys {
    subscript(fleet name: String) -> Key<Int> { Key(name, default: 0) }
}

extension FleetRun.Kind {
    /// Whether the instances are Prefs stores.
    var isPrefs: Bool {
        if case .floor = self { false } else { true }
    }
}

/// The metrics of the fleet benchmarks.
enum FleetMetrics {
    /// Nanoseconds from a write until the last instance's observer has the value; one sample per write.
    static var last: BenchmarkMetric { .custom("fleetLastNanoseconds", useScalingFactor: false) }
    /// Nanoseconds from a write until the first instance's observer has the value; one sample per write.
    static var first: BenchmarkMetric { .custom("fleetFirstNanoseconds", useScalingFactor: false) }
    /// CPU nanoseconds of the driver processes per write and instance.
    static var clientCPU: BenchmarkMetric { .custom("fleetClientCPUNanoseconds", useScalingFactor: false) }
    /// CPU nanoseconds of the PostgreSQL processes per write and instance.
    static var serverCPU: BenchmarkMetric { .custom("fleetServerCPUNanoseconds", useScalingFactor: false) }
    /// Client sessions on the server during the run.
    static var connections: BenchmarkMetric { .custom("fleetConnections", useScalingFactor: false) }
    /// The highest `pg_notification_queue_usage()` seen, in millionths of the 8 GB queue.
    static var notificationQueue: BenchmarkMetric { .custom("fleetNotificationQueuePPM", useScalingFactor: false) }
    /// The machine's one-minute load average at the end of the run, times 100.
    static var loadAverage: BenchmarkMetric { .custom("loadAverageCentis", useScalingFactor: false) }
    /// The driver processes' resident memory divided by the instances (each process's runtime included).
    static var clientMemory: BenchmarkMetric { .custom("fleetClientBytesPerInstance", useScalingFactor: false) }
    /// The server's client sessions' proportional memory (PSS: shared pages divided among their users) per session.
    static var serverMemory: BenchmarkMetric { .custom("fleetServerBytesPerSession", useScalingFactor: false) }

    static let all = [
        last, first, clientCPU, serverCPU, connections, notificationQueue, loadAverage, clientMemory, serverMemory,
    ]
}
