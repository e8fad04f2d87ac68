import Benchmark
import Prefs
import Synchronization

/// One write among 1,000 observed keys must wake exactly one observer: the written key's. After each
/// write the writer waits until that observer has run, then takes the number of observer calls since the
/// previous write as one `observersWoken` sample (1 is right, more is over-dependence).
func overDependenceBenchmarks() {
    let configuration = Configurations.perWrite([CustomMetrics.observersWoken])
    Benchmark("Prefs.write-among-1000-observed-keys", configuration: configuration) { benchmark, observed in
        var value = observed.prefs[\.[bulk: ObservedKeys.writtenKey]]
        _ = observed.woken.take()
        for _ in 0..<Configurations.writesPerIteration {
            value &+= 1
            observed.prefs[\.[bulk: ObservedKeys.writtenKey]] = value
            spin { observed.written.hasReceived(value) }
            benchmark.measurement(CustomMetrics.observersWoken, observed.woken.take())
        }
    } setup: {
        ObservedKeys()
    }
}

/// A container with 1,000 keys, each with one `observe` callback that counts its calls.
final class ObservedKeys: Sendable {
    static let keyCount = 1_000
    static let writtenKey = 500

    let prefs: Preferences
    /// Counts the calls of every observer.
    let woken: WakeCounter
    /// Records what the written key's observer saw.
    let written: WakeProbe
    private let tokens: [PreferenceObservationToken]

    init() {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        let woken = WakeCounter()
        let written = WakeProbe()
        tokens = (0..<Self.keyCount).map { index in
            prefs.observe(\.[bulk: index]) { change in
                woken.increment()
                if index == Self.writtenKey { written.record(change.newValue) }
            }
        }
        self.prefs = prefs
        self.woken = woken
        self.written = written
    }
}

/// Counts observer calls.
final class WakeCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.add(1, ordering: .relaxed) }

    /// Returns the count and starts again from zero.
    func take() -> Int { count.exchange(0, ordering: .relaxed) }
}
