import Benchmark
import Foundation
import Prefs

/// Writes through the subscript (cache updated, store written behind the caller) against `UserDefaults.set`.
/// Every write stores a new value, so none is skipped as unchanged.
func writeBenchmarks() {
    Benchmark("Prefs.write-Int", configuration: Configurations.perKilo) { benchmark, prefs in
        var value = prefs[\.count]
        for _ in benchmark.scaledIterations {
            value &+= 1
            prefs[\.count] = value
        }
        blackHole(prefs[\.count])
    } setup: {
        try Fixtures.preferences()
    }

    Benchmark("Foundation.write-Int", configuration: Configurations.perKilo) { benchmark, defaults in
        var value = defaults.integer(forKey: "count")
        for _ in benchmark.scaledIterations {
            value &+= 1
            defaults.set(value, forKey: "count")
        }
        blackHole(defaults.integer(forKey: "count"))
    } setup: {
        try Fixtures.userDefaults()
    }

    Benchmark("Prefs.write-Codable", configuration: Configurations.perKilo) { benchmark, prefs in
        var window = prefs[\.window]
        for _ in benchmark.scaledIterations {
            window.width += 1
            prefs[\.window] = window
        }
        blackHole(prefs[\.window])
    } setup: {
        try Fixtures.preferences()
    }

    // The encoder is made once, outside the loop: the cheapest way to use Foundation here.
    Benchmark("Foundation.write-Codable", configuration: Configurations.perKilo) { benchmark, defaults in
        let encoder = JSONEncoder()
        var window = BenchmarkWindow.sample
        for _ in benchmark.scaledIterations {
            window.width += 1
            let data: Data = try encoder.encode(window)
            defaults.set(data, forKey: "window")
        }
        blackHole(defaults.data(forKey: "window"))
    } setup: {
        try Fixtures.userDefaults()
    }
}
