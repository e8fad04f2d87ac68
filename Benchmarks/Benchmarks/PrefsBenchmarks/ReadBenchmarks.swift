import Benchmark
import Foundation
import Prefs

/// Reads of cached values: `prefs[\.key]` against `UserDefaults` on the same run, and the floor of the
/// design (a dictionary lookup under a mutex).
func readBenchmarks() {
    Benchmark("Prefs.read-cached-Int", configuration: Configurations.perKilo) { benchmark, prefs in
        for _ in benchmark.scaledIterations {
            blackHole(prefs[\.count])
        }
    } setup: {
        try Fixtures.preferences()
    }

    Benchmark("Foundation.read-cached-Int", configuration: Configurations.perKilo) { benchmark, defaults in
        for _ in benchmark.scaledIterations {
            blackHole(defaults.integer(forKey: "count"))
        }
    } setup: {
        try Fixtures.userDefaults()
    }

    // A container over UserDefaults: on Linux every read asks UserDefaults (it posts nothing when written
    // directly), so this is Foundation's read plus the container's.
    Benchmark("UserDefaultsStore.read-cached-Int", configuration: Configurations.perKilo) { benchmark, prefs in
        for _ in benchmark.scaledIterations {
            blackHole(prefs[\.count])
        }
    } setup: {
        Preferences(store: UserDefaultsPreferenceStore(try Fixtures.userDefaults(), pollingInterval: nil))
    }

    Benchmark("Floor.mutex-dictionary-lookup", configuration: Configurations.perKilo) { benchmark, floor in
        for _ in benchmark.scaledIterations {
            blackHole(floor.mutex.withLock { $0["count"] })
        }
    } setup: {
        Fixtures.floor()
    }

    // A `@Preference(\.count, in: prefs)` property that has already read its key once.
    Benchmark("Prefs.read-wrapper-Int", configuration: Configurations.perKilo) { benchmark, holder in
        for _ in benchmark.scaledIterations {
            blackHole(holder.count)
        }
    } setup: {
        try WrapperHolder()
    }

    Benchmark("Prefs.read-cached-String", configuration: Configurations.perKilo) { benchmark, prefs in
        for _ in benchmark.scaledIterations {
            blackHole(prefs[\.name])
        }
    } setup: {
        try Fixtures.preferences()
    }

    Benchmark("Foundation.read-cached-String", configuration: Configurations.perKilo) { benchmark, defaults in
        for _ in benchmark.scaledIterations {
            blackHole(defaults.string(forKey: "name"))
        }
    } setup: {
        try Fixtures.userDefaults()
    }

    Benchmark("Prefs.read-cached-Codable", configuration: Configurations.perKilo) { benchmark, prefs in
        for _ in benchmark.scaledIterations {
            blackHole(prefs[\.window])
        }
    } setup: {
        try Fixtures.preferences()
    }

    // The decoder is made once, outside the loop: the cheapest way to use Foundation here.
    Benchmark("Foundation.read-cached-Codable", configuration: Configurations.perKilo) { benchmark, defaults in
        let decoder = JSONDecoder()
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decode(BenchmarkWindow.self, from: defaults.data(forKey: "window")!))
        }
    } setup: {
        try Fixtures.userDefaults()
    }
}

/// A struct with one `@Preference` property on a container over the twelve values, as app code declares it.
struct WrapperHolder: Sendable {
    @Preference(\.count, in: nil) var count: Int

    init() throws {
        _count = Preference(\.count, in: try Fixtures.preferences())
        precondition(count == Fixtures.count)
    }
}
