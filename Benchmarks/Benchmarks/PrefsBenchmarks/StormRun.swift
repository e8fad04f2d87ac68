import Benchmark
import Foundation
import PostgresNIO
import Prefs
import PrefsPostgres

/// 100 instances in 4 processes, each writing its own key and flushing, as fast as it can, for 10 s: in one
/// namespace (every commit takes its lock) or each in a namespace of its own (the same load without that lock).
final class StormRun: @unchecked Sendable {
    private let server: PostgresBenchmarkServer
    private let admin: PostgresConnection
    private let drivers: [DriverProcess]
    private let separate: Bool
    private static let logger = Logger(label: "storm-benchmark")

    init(instances: Int = 100, processes: Int = 4, separateNamespaces: Bool) throws {
        separate = separateNamespaces
        server = try PostgresBenchmarkServer(maximumConnections: 1_000)
        admin = try FleetRun.connect(server)
        let environment = server.environment
        drivers = try (0..<processes).map { _ in
            try DriverProcess(
                ["storm", "\(instances / processes)", "storm", "two"]
                    + (separateNamespaces ? ["separate"] : []),
                environment: environment)
        }
        for driver in drivers { _ = try driver.take(within: 300) { $0 == "ready" } }
    }

    func measure(_ benchmark: Benchmark, seconds: Double = 10) throws {
        let before = try committedVersions()
        let start = monotonicNanoseconds()
        for driver in drivers { driver.send("go \(seconds) k") }
        for driver in drivers { _ = try driver.take(within: seconds + 120) { $0 == "done" } }
        let elapsed = Double(monotonicNanoseconds() - start) / 1e9
        let committed = try committedVersions() - before
        var expected: [String: Int] = [:]
        var p50s: [Int] = []
        var p99 = 0
        var flushes = 0
        for driver in drivers {
            for line in driver.takeAll({ $0.hasPrefix("wrote ") }) {
                let fields = line.split(separator: " ")
                expected[String(fields[1])] = Int(fields[2]) ?? -1
            }
            let fields = try driver.take { $0.hasPrefix("flushes ") }.split(separator: " ")
            p50s.append(Int(fields[1]) ?? 0)
            p99 = max(p99, Int(fields[2]) ?? 0)
            flushes += Int(fields[3]) ?? 0
        }
        p50s.sort()
        benchmark.measurement(StormMetrics.commitsPerSecond, Int(Double(committed) / elapsed))
        benchmark.measurement(StormMetrics.flushesPerSecond, Int(Double(flushes) / elapsed))
        benchmark.measurement(StormMetrics.flushP50, p50s[p50s.count / 2])
        benchmark.measurement(StormMetrics.flushP99, p99)
        benchmark.measurement(StormMetrics.lost, try lostWrites(expected))
        if !separate {
            let list = expected.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            var converged = 0
            for driver in drivers { driver.send("expect \(list)") }
            for driver in drivers {
                converged += Int(try driver.take { $0.hasPrefix("converged ") }.dropFirst(10)) ?? 0
            }
            benchmark.measurement(StormMetrics.converged, converged)
        }
        benchmark.measurement(FleetMetrics.loadAverage, Int(ServerLoad.loadAverage * 100))
    }

    /// The versions committed in every namespace so far.
    private func committedVersions() throws -> Int {
        try admin.query("SELECT coalesce(sum(version), 0)::bigint FROM prefs_namespaces", logger: Self.logger).wait()
            .rows.first?.decode(Int.self) ?? 0
    }

    /// How many instances' last flushed values the database does not hold.
    private func lostWrites(_ expected: [String: Int]) throws -> Int {
        let rows = try admin.query("SELECT key, value::text FROM prefs_values", logger: Self.logger).wait().rows
        var stored: [String: String] = [:]
        for row in rows {
            let (key, value) = try row.decode((String, String?).self)
            stored[key] = value
        }
        return expected.filter { stored[$0.key] != String($0.value) }.count
    }

    deinit {
        for driver in drivers { driver.quit() }
        try? admin.close().wait()
        try? server.stop()
    }
}

/// The metrics of the write storm.
enum StormMetrics {
    static var commitsPerSecond: BenchmarkMetric { .custom("stormCommittedVersionsPerSecond", useScalingFactor: false) }
    static var flushesPerSecond: BenchmarkMetric { .custom("stormFlushedWritesPerSecond", useScalingFactor: false) }
    static var flushP50: BenchmarkMetric { .custom("stormFlushP50Nanoseconds", useScalingFactor: false) }
    static var flushP99: BenchmarkMetric { .custom("stormFlushP99Nanoseconds", useScalingFactor: false) }
    static var lost: BenchmarkMetric { .custom("stormLostWrites", useScalingFactor: false) }
    static var converged: BenchmarkMetric { .custom("stormConvergedInstances", useScalingFactor: false) }

    static let all = [
        commitsPerSecond, flushesPerSecond, flushP50, flushP99, lost, converged, FleetMetrics.loadAverage,
    ]
}
