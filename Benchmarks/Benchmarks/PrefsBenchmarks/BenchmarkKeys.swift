import Prefs

/// A small `Codable` value with three fields, stored through its `PreferenceStorable` conformance.
struct BenchmarkWindow: Codable, Equatable, PreferenceStorable {
    var width: Double
    var height: Double
    var title: String

    static let zero = BenchmarkWindow(width: 0, height: 0, title: "")
    static let sample = BenchmarkWindow(width: 1_280, height: 800, title: "Main")
}

extension PreferenceKeys {
    var count: Key<Int> { Key("count", default: 0) }
    var name: Key<String> { Key("name", default: "") }
    var window: Key<BenchmarkWindow> { Key("window", default: .zero) }

    /// One of many Int keys, for the benchmarks that need thousands of distinct keys; its name comes from
    /// ``BulkKeys/names``, as a declared key's is a literal.
    subscript(bulk index: Int) -> Key<Int> { Key(BulkKeys.names[index], default: 0) }
}

/// The callers' side of the many-key benchmarks, made once per process as an app's are: Foundation's key names (an
/// app's string literals) and Prefs' key paths (a key path literal is one object, made the first time its line runs
/// and kept; `\.[bulk: i]` makes a new one every time it is evaluated, which no declared key does).
enum BulkKeys {
    /// How many bulk keys there are.
    static let count = 10_000
    /// `bulk.0`, `bulk.1`, …
    static let names = (0..<count).map { "bulk.\($0)" }
    /// `\.[bulk: 0]`, `\.[bulk: 1]`, …
    static let keyPaths = (0..<count).map { \PreferenceKeys.[bulk: $0] }
}
