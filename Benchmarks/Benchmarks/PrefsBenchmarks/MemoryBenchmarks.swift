import Benchmark
import Foundation
import Prefs

/// Memory for 10,000 Int keys, each read once: a container over an in-memory store against a
/// `UserDefaults` suite holding the same keys.
///
/// Each benchmark builds one structure in its own fresh process (ordo-one runs every benchmark in a
/// process of its own) and keeps it alive past the measurement, so `peakMemoryResidentDelta` is the
/// growth of the resident set and `memoryLeakedBytes` the heap bytes the structure still holds.
func memoryBenchmarks() {
    Benchmark("Prefs.memory-10000-keys", configuration: Configurations.memory) {
        (benchmark: Benchmark, kept: KeptAlive) in
        var values: [String: PreferenceValue] = [:]
        for index in 0..<MemoryFixture.keyCount { values["bulk.\(index)"] = .integer(Int64(index)) }
        let prefs = Preferences(store: InMemoryPreferenceStore(values))
        values = [:]
        var sum = 0
        for index in 0..<MemoryFixture.keyCount { sum &+= prefs[\.[bulk: index]] }
        precondition(sum == MemoryFixture.expectedSum)
        kept.keep(prefs)
    } setup: {
        _ = BulkKeys.names  // the keys' names, made before the measurement (an app's are literals)
        return KeptAlive()
    }

    Benchmark("Foundation.memory-10000-keys", configuration: Configurations.memory) {
        (benchmark: Benchmark, kept: KeptAlive) in
        let defaults = UserDefaults(suiteName: MemoryFixture.suiteName)!
        for index in 0..<MemoryFixture.keyCount { defaults.set(index, forKey: "bulk.\(index)") }
        var sum = 0
        for index in 0..<MemoryFixture.keyCount { sum &+= defaults.integer(forKey: "bulk.\(index)") }
        precondition(sum == MemoryFixture.expectedSum)
        kept.keep(defaults)
    } setup: {
        MemoryFixture.removeSuite()
        return KeptAlive()
    } teardown: {
        MemoryFixture.removeSuite()
    }
}

enum MemoryFixture {
    static let keyCount = 10_000
    static let expectedSum = keyCount * (keyCount - 1) / 2
    static let suiteName = "PrefsBenchmarks.memory"

    static func removeSuite() { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
}

/// Holds what a benchmark built beyond its measurement, so that the memory it uses is still in use when
/// the measurement ends.
final class KeptAlive {
    private var objects: [AnyObject] = []

    /// Keeps `object` alive, and the caller's thread busy for a while, so that the resident-set sampler
    /// (every ~5 ms) sees the memory in use.
    func keep(_ object: AnyObject) {
        objects.append(object)
        spin(nanoseconds: 30_000_000)
    }
}
