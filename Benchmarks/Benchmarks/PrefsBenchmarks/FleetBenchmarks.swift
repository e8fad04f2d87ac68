import Benchmark
import Foundation
import Prefs
import PrefsPostgres

/// The fleet at scale (`compare.sh --filter 'Postgres.*'`): N = 10, 100 and 300 instances in driver processes of
/// about 50, and N = 1,000 in 10 processes of 100 with one session each, one write at a time, against the floor of as
/// many plain postgres-nio sessions LISTENing; at 10, 100 and 300 also with two sessions per instance, and with the
/// instances of a process sharing one listener; a write storm of 100 instances; and the container's store reads per
/// write. Each benchmark starts its own cluster, with `max_connections` above what it needs (at least 1,000).
func fleetBenchmarks() {
    guard PostgresBenchmarkServer.isAvailable else { return }
    let fleet = Configurations.once(FleetMetrics.all)
    for size in [10, 100, 300, 1_000] {
        Benchmark("Postgres.floor-\(size)", configuration: fleet) { benchmark, run in
            try run.measure(benchmark)
        } setup: {
            try FleetRun(kind: .floor, instances: size)
        }
        let modes: [(String, FleetRun.Kind)] =
            size < 1_000
            ? [("two-sessions", .prefs(.two)), ("one-session", .prefs(.one)), ("shared-listener", .sharedListener)]
            : [("one-session", .prefs(.one))]
        for (name, kind) in modes {
            Benchmark("Postgres.fleet-\(size)-\(name)", configuration: fleet) { benchmark, run in
                try run.measure(benchmark)
            } setup: {
                try FleetRun(kind: kind, instances: size)
            }
        }
    }
    let storm = Configurations.once(StormMetrics.all)
    for (name, separate) in [("one-namespace", false), ("separate-namespaces", true)] {
        Benchmark("Postgres.storm-100-\(name)", configuration: storm) { benchmark, run in
            try run.measure(benchmark)
        } setup: {
            try StormRun(separateNamespaces: separate)
        }
    }
    Benchmark("Postgres.container-reads", configuration: Configurations.once(ReadCount.all)) { benchmark, run in
        try run.measure(benchmark)
    } setup: {
        try ReadCount()
    }
}

/// A container over a PostgreSQL store that counts the container's reads of the store: after each of its own
/// writes, and after each change another instance makes. With stores that report values (Core 2.0) both are 0.
final class ReadCount: @unchecked Sendable {
    private let server: PostgresBenchmarkServer
    private let counting: CountingStore
    private let mine: Preferences
    private let other: Preferences

    init() throws {
        server = try PostgresBenchmarkServer()
        let configuration = try PostgresPreferenceStore.Configuration(
            environment: server.environment, namespace: "reads")
        counting = CountingStore(try PostgresPreferenceStore(configuration: configuration))
        mine = Preferences(store: counting)
        other = Preferences(store: try PostgresPreferenceStore(configuration: configuration))
    }

    func measure(_ benchmark: Benchmark) throws {
        let seen = Lock(0)
        let token = mine.observe(\.[fleet: "outside"]) { _ in seen.withLock { $0 += 1 } }
        _ = mine[\.[fleet: "own"]]
        counting.reads.withLock { $0 = 0 }
        for value in 1...200 {
            mine[\.[fleet: "own"]] = value
            try mine.flush()
        }
        benchmark.measurement(ReadCount.perOwnWrite, counting.reads.withLock { $0 } / 200)
        counting.reads.withLock { $0 = 0 }
        for value in 1...200 {
            other[\.[fleet: "outside"]] = value
            try other.flush()
            _ = spin { seen.withLock { $0 } >= value }
        }
        benchmark.measurement(ReadCount.perOutsideChange, counting.reads.withLock { $0 } * 1_000 / 200)
        token.cancel()
    }

    deinit { try? server.stop() }

    static var perOwnWrite: BenchmarkMetric { .custom("storeReadsPerOwnWrite", useScalingFactor: false) }
    /// Per 1,000 outside changes, so that a fraction shows.
    static var perOutsideChange: BenchmarkMetric { .custom("storeReadsPer1000OutsideChanges", useScalingFactor: false) }
    static let all = [perOwnWrite, perOutsideChange]
}

/// A store that forwards everything to another and counts reads.
final class CountingStore: PreferenceStore, Sendable {
    let inner: PostgresPreferenceStore
    let reads = Lock(0)

    init(_ inner: PostgresPreferenceStore) { self.inner = inner }

    func value(forKey key: String) -> PreferenceValue? {
        reads.withLock { $0 += 1 }
        return inner.value(forKey: key)
    }
    func write(_ changes: PreferenceStoreWrites) throws { try inner.write(changes) }
    func keys() -> [String] { inner.keys() }
    func flush() throws { try inner.flush() }
    func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken {
        inner.observeChanges(handler)
    }
    func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        try inner.transaction(body)
    }
}

/// A small lock for the benchmark's counters.
final class Lock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
}
