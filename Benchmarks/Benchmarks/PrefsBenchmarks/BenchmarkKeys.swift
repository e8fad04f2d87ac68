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

    /// One of many Int keys, for the benchmarks that need thousands of distinct keys.
    subscript(bulk index: Int) -> Key<Int> { Key("bulk.\(index)", default: 0) }
}
