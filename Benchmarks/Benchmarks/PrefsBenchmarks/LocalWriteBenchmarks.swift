import Benchmark
import Prefs
import PrefsTesting

/// Store reads that local writes cause: subscript writes to an observed key of a container over `PrefsTesting`'s
/// `TestPreferenceStore`, which counts `value(forKey:)` calls and, like every store, reports each batch written to
/// it back to its observers (the container's own write coming back: the echo). Each iteration makes 1,000 writes and
/// waits with `flush()` until the store has them all. Reads are counted from one iteration to the next, so a read
/// the container makes after an iteration ended is counted in the following one. Target: 0.
func localWriteBenchmarks() {
    let configuration = Configurations.customCounts(
        [LocalWriter.storeReads], warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 50)
    Benchmark("Prefs.local-write-store-reads", configuration: configuration) { benchmark, writer in
        for _ in 0..<Configurations.writesPerIteration {
            writer.observed.prefs[\.count] = writer.observed.next()
        }
        try writer.observed.prefs.flush()
        benchmark.measurement(LocalWriter.storeReads, writer.readsSinceLastCount())
    } setup: {
        try LocalWriter()
    }
}

/// An observed container over a `TestPreferenceStore`, and the store reads counted so far.
final class LocalWriter: @unchecked Sendable {
    /// Store reads per 1,000 local writes.
    static var storeReads: BenchmarkMetric { .custom("storeReadsPer1000LocalWrites", useScalingFactor: false) }

    let observed: OutsideChangeObserver
    private var countedReads: Int

    init() throws {
        observed = try OutsideChangeObserver()
        countedReads = observed.store.readCount
    }

    /// The store reads since the last call (or since the container's first read).
    func readsSinceLastCount() -> Int {
        let reads = observed.store.readCount
        defer { countedReads = reads }
        return reads - countedReads
    }
}
