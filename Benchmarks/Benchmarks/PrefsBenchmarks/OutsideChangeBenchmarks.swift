import Benchmark
import Prefs
import PrefsTesting

/// A change made outside the container (another process, a direct write to the store) until an `observe` callback
/// of the key runs, and how many times the container read the store because of it. The store is `PrefsTesting`'s
/// `TestPreferenceStore`, which reports the change with its value and counts `value(forKey:)` calls; a container
/// that uses the reported value reads nothing.
func outsideChangeBenchmarks() {
    let configuration = Configurations.perWrite([CustomMetrics.wakeLatency, OutsideChangeObserver.storeReads])
    Benchmark("Prefs.outside-change-observe", configuration: configuration) { benchmark, observed in
        // Reads are counted from one change to the next, after its observer ran: a read the container makes late
        // is counted with the following change, never lost.
        var readsBefore = observed.store.readCount
        for _ in 0..<Configurations.writesPerIteration {
            let value = observed.next()
            let start = monotonicNanoseconds()
            observed.store.simulateOutsideChange(["count": .integer(Int64(value))])
            spin { observed.probe.hasReceived(value) }
            benchmark.measurement(CustomMetrics.wakeLatency, observed.probe.wakeTime - start)
            let reads = observed.store.readCount
            benchmark.measurement(OutsideChangeObserver.storeReads, reads - readsBefore)
            readsBefore = reads
        }
    } setup: {
        try OutsideChangeObserver()
    }
}

/// A container over a `TestPreferenceStore` whose `count` key has one `observe` callback.
final class OutsideChangeObserver: @unchecked Sendable {
    /// Store reads between one outside change and the next, once its observer has run.
    static var storeReads: BenchmarkMetric { .custom("storeReadsPerOutsideChange", useScalingFactor: false) }

    let store: TestPreferenceStore
    let prefs: Preferences
    let probe = WakeProbe()
    private var token: PreferenceObservationToken?
    private var counter = Fixtures.count

    init() throws {
        store = TestPreferenceStore(["count": .integer(Int64(Fixtures.count))])
        prefs = Preferences(store: store)
        let probe = self.probe
        token = prefs.observe(\.count) { probe.record($0.newValue) }
        precondition(prefs[\.count] == Fixtures.count)
    }

    func next() -> Int {
        counter += 1
        return counter
    }

    deinit { token?.cancel() }
}
