import Benchmark
import Foundation
import Prefs
import Synchronization

/// Launch, measured from outside: each iteration starts `PrefsLaunchProbe` twice in fresh processes, once opening a
/// Prefs file of N keys and once a `UserDefaults` suite of the same keys, each reading every key once. The order
/// alternates between iterations, so that both sides meet the same noise, and each pair gives a ratio: the row is
/// the median of the pairs' ratios.
/// The 10,000-key run also gives the memory rows: the growth of the resident set and of the heap from the probe's
/// first line to its last read, with the container (or suite) and every key path still alive.
///
/// Where the probe is not built (`swift build -c release --product PrefsLaunchProbe`, which compare.sh runs), these
/// benchmarks are left out and the table says "not measured".
func launchBenchmarks() {
    guard let probe = LaunchProbe.executable else { return }
    for keys in [1_000, 10_000] {
        launchBenchmark("Launch.fresh-process-\(keys)-keys", probe: probe) { try LaunchFiles(keys: keys) }
    }
    // An old, large domain: 5,000 keys of about 240 bytes each (a 1.2 MB file), of which the app reads one.
    launchBenchmark("Launch.fresh-process-large-file", probe: probe) { try LaunchFiles(keys: 5_000, textBytes: 220) }
}

/// One launch benchmark: each iteration runs the probe on every side, in rotating order, and records the set.
private func launchBenchmark(_ name: String, probe: URL, files: @escaping () throws -> LaunchFiles) {
    Benchmark(name, configuration: LaunchMetrics.configuration) { benchmark, files in
        for _ in benchmark.scaledIterations {
            let sides = LaunchProbe.Side.allCases
            let first = files.takeTurn() % sides.count
            var samples: [LaunchProbe.Side: LaunchProbe.Sample] = [:]
            for side in sides[first...] + sides[..<first] {
                samples[side] = try LaunchProbe.run(probe, side: side, files: files)
            }
            LaunchMetrics.record(samples, in: benchmark)
        }
    } setup: {
        try files()
    }
}

/// A Prefs file and a `UserDefaults` suite holding the same N keys, `bulk.i`, in temporary places (the suite's
/// property list under `$XDG_CONFIG_HOME`, which compare.sh points at a temporary folder): Ints `bulk.i = i`, whose
/// probe reads every key, or, with `textBytes`, strings of that length, whose probe reads the last key only.
final class LaunchFiles: Sendable {
    let keys: Int
    let textBytes: Int?
    let url: URL
    let suiteName: String
    private let turns = Atomic<Int>(0)

    init(keys: Int, textBytes: Int? = nil) throws {
        self.keys = keys
        self.textBytes = textBytes
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-launch-\(UUID())")
        url = folder.appendingPathComponent("preferences.json")
        suiteName = "PrefsBenchmarks.launch-\(UUID())"
        let members: [String: Any] = Dictionary(
            uniqueKeysWithValues: (0..<keys).map { index -> (String, Any) in
                ("bulk.\(index)", textBytes.map { LaunchFiles.text(index, bytes: $0) as Any } ?? index)
            })
        let seed = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
        try seed.importJSON(try JSONSerialization.data(withJSONObject: members))
        try seed.flush()
        let defaults = UserDefaults(suiteName: suiteName)!
        defaults.setPersistentDomain(members, forName: suiteName)
        defaults.synchronize()
    }

    /// The string of key `index` in a file of strings: its number, then letters up to `bytes`.
    static func text(_ index: Int, bytes: Int) -> String {
        let number = "\(index) "
        return number + String(repeating: "x", count: max(0, bytes - number.utf8.count))
    }

    /// How many turns were taken before this one: the side that goes first rotates with it.
    func takeTurn() -> Int { turns.add(1, ordering: .relaxed).oldValue }

    deinit {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
        UserDefaults.standard.removePersistentDomain(forName: suiteName)
    }
}
