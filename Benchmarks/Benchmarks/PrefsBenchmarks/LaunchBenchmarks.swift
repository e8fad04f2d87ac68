import Benchmark
import Foundation
import Prefs
import Synchronization

/// Launch, measured from outside: each iteration starts `PrefsLaunchProbe` twice in fresh processes, once opening a
/// Prefs file of N keys and once a `UserDefaults` suite of the same keys, each reading every key once. The order
/// alternates between iterations, so that both sides meet the same noise; the ratio of the medians is the row.
/// The 10,000-key run also gives the memory rows: the growth of the resident set and of the heap from the probe's
/// first line to its last read, with the container (or suite) and every key path still alive.
///
/// Where the probe is not built (`swift build -c release --product PrefsLaunchProbe`, which compare.sh runs), these
/// benchmarks are left out and the table says "not measured".
func launchBenchmarks() {
    guard let probe = LaunchProbe.executable else { return }
    for keys in [1_000, 10_000] {
        Benchmark("Launch.fresh-process-\(keys)-keys", configuration: LaunchMetrics.configuration) { benchmark, files in
            for _ in benchmark.scaledIterations {
                let prefsFirst = files.takeTurn()
                var samples: [LaunchProbe.Side: LaunchProbe.Sample] = [:]
                for side in prefsFirst ? [LaunchProbe.Side.prefs, .foundation] : [.foundation, .prefs] {
                    samples[side] = try LaunchProbe.run(probe, side: side, files: files)
                }
                for (side, sample) in samples { LaunchMetrics.record(sample, side: side, in: benchmark) }
                if let prefs = samples[.prefs], let foundation = samples[.foundation] {
                    LaunchMetrics.recordRatios(prefs: prefs, foundation: foundation, in: benchmark)
                }
            }
        } setup: {
            try LaunchFiles(keys: keys)
        }
    }
}

/// The figures the launch benchmarks record, one sample per probe process, by side.
enum LaunchMetrics {
    /// Fifteen pairs of processes (after one pair of warm-up), at most 40 s.
    static var configuration: Benchmark.Configuration {
        let metrics =
            LaunchProbe.Side.allCases.flatMap { side in Figure.allCases.map { metric(side, $0) } }
            + [openReadRatio, spawnToLastReadRatio]
        return Benchmark.Configuration(
            metrics: metrics,
            timeUnits: .nanoseconds,
            units: Dictionary(uniqueKeysWithValues: metrics.map { ($0, .count) }),
            warmupIterations: 1,
            scalingFactor: .one,
            maxDuration: .seconds(40),
            maxIterations: 15
        )
    }

    /// What a probe process reports.
    enum Figure: String, CaseIterable {
        /// From the probe's first line to its last read: the open and every key read once.
        case openRead = "OpenReadNanoseconds"
        /// From just before the benchmark started the process to its last read: what an app's launch feels.
        case spawnToLastRead = "SpawnToLastReadNanoseconds"
        /// Growth of the resident set from the probe's first line to its last read.
        case residentGrowth = "ResidentGrowthBytes"
        /// Growth of the bytes allocated and not freed, over every malloc arena, over the same span.
        case heapGrowth = "HeapGrowthBytes"
    }

    /// A custom metric such as `prefsOpenReadNanoseconds` or `foundationHeapGrowthBytes`.
    static func metric(_ side: LaunchProbe.Side, _ figure: Figure) -> BenchmarkMetric {
        .custom(side.rawValue + figure.rawValue, polarity: .prefersSmaller, useScalingFactor: false)
    }

    /// Prefs' time over Foundation's in the same pair of processes, in thousandths: the pairs' median is steadier
    /// than the ratio of the two medians when the machine's load changes during the run.
    static var openReadRatio: BenchmarkMetric {
        .custom("openReadPrefsOverFoundationPermille", polarity: .prefersSmaller, useScalingFactor: false)
    }

    /// The same for the time from the start of the process to its last read.
    static var spawnToLastReadRatio: BenchmarkMetric {
        .custom("spawnToLastReadPrefsOverFoundationPermille", polarity: .prefersSmaller, useScalingFactor: false)
    }

    static func recordRatios(prefs: LaunchProbe.Sample, foundation: LaunchProbe.Sample, in benchmark: Benchmark) {
        benchmark.measurement(openReadRatio, prefs.openRead * 1_000 / max(1, foundation.openRead))
        benchmark.measurement(spawnToLastReadRatio, prefs.spawnToLastRead * 1_000 / max(1, foundation.spawnToLastRead))
    }

    static func record(_ sample: LaunchProbe.Sample, side: LaunchProbe.Side, in benchmark: Benchmark) {
        benchmark.measurement(metric(side, .openRead), sample.openRead)
        benchmark.measurement(metric(side, .spawnToLastRead), sample.spawnToLastRead)
        if let resident = sample.residentGrowth { benchmark.measurement(metric(side, .residentGrowth), resident) }
        if let heap = sample.heapGrowth { benchmark.measurement(metric(side, .heapGrowth), heap) }
    }
}

/// A Prefs file and a `UserDefaults` suite holding the same N Int keys, `bulk.i = i`, in temporary places
/// (the suite's property list under `$XDG_CONFIG_HOME`, which compare.sh points at a temporary folder).
final class LaunchFiles: Sendable {
    let keys: Int
    let url: URL
    let suiteName: String
    private let turns = Atomic<Int>(0)

    init(keys: Int) throws {
        self.keys = keys
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-launch-\(UUID())")
        url = folder.appendingPathComponent("preferences.json")
        suiteName = "PrefsBenchmarks.launch-\(UUID())"
        let members = Dictionary(uniqueKeysWithValues: (0..<keys).map { ("bulk.\($0)", $0) })
        let seed = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
        try seed.importJSON(try JSONSerialization.data(withJSONObject: members))
        try seed.flush()
        let defaults = UserDefaults(suiteName: suiteName)!
        defaults.setPersistentDomain(members, forName: suiteName)
        defaults.synchronize()
    }

    /// Whether Prefs goes first this time: every other call.
    func takeTurn() -> Bool { turns.add(1, ordering: .relaxed).oldValue.isMultiple(of: 2) }

    deinit {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
        UserDefaults.standard.removePersistentDomain(forName: suiteName)
    }
}
