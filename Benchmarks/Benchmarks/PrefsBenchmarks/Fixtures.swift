import Foundation
import Prefs
import Synchronization

/// The values both sides start from: three keys under test and nine others, like a small app's suite.
enum Fixtures {
    static let count = 42
    static let name = "Ada Lovelace"
    static let fillerCount = 9

    /// A container over an in-memory store holding the twelve values, with the three keys under test
    /// read once so that they are cached.
    static func preferences() throws -> Preferences {
        var values: [String: PreferenceValue] = [
            "count": .integer(Int64(count)),
            "name": .string(name),
            "window": try BenchmarkWindow.sample.preferenceValue(),
        ]
        for index in 0..<fillerCount { values["filler.\(index)"] = .integer(Int64(index)) }
        let prefs = Preferences(store: InMemoryPreferenceStore(values))
        precondition(prefs[\.count] == count && prefs[\.name] == name && prefs[\.window] == .sample)
        return prefs
    }

    /// A `UserDefaults` suite holding the same twelve values, read once after they were set.
    static func userDefaults() throws -> UserDefaults {
        let suiteName = "PrefsBenchmarks"
        UserDefaults.standard.removePersistentDomain(forName: suiteName)
        let defaults = UserDefaults(suiteName: suiteName)!
        defaults.set(count, forKey: "count")
        defaults.set(name, forKey: "name")
        defaults.set(try JSONEncoder().encode(BenchmarkWindow.sample), forKey: "window")
        for index in 0..<fillerCount { defaults.set(index, forKey: "filler.\(index)") }
        precondition(defaults.integer(forKey: "count") == count && defaults.string(forKey: "name") == name)
        return defaults
    }

    /// The twelve keys in the cheapest structure this design could use: a dictionary under a mutex.
    static func floor() -> MutexDictionary {
        var values = ["count": count, "name": 0, "window": 0]
        for index in 0..<fillerCount { values["filler.\(index)"] = index }
        return MutexDictionary(values)
    }
}

/// A `Mutex<[String: Int]>` in a class, so that a benchmark's setup can hand it over.
final class MutexDictionary: Sendable {
    let mutex: Mutex<[String: Int]>
    init(_ values: [String: Int]) { mutex = Mutex(values) }
}
