import Foundation
import Prefs
import PrefsTesting

enum Theme: String, Sendable { case system, light, dark }

struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    static let zero = Frame()
}

extension PreferenceKeys {
    var flag: Key<Bool> { Key("flag", default: false) }
    var count: Key<Int> { Key("count", default: 0) }
    var launchCount: Key<Int> { Key("launchCount", default: 0) }
    var name: Key<String> { Key("name", default: "anonymous") }
    var theme: Key<Theme> { Key("theme", default: .system) }
    var window: Key<Frame> { Key("window", default: .zero) }
    var tags: Key<[String]> { Key("tags", default: []) }
}

/// A fresh container on a fresh in-memory store, with the store to inspect.
func makePreferences(
    _ values: [String: PreferenceValue] = [:], keyPrefix: String = ""
) -> (Preferences, TestPreferenceStore) {
    let store = TestPreferenceStore(values)
    return (Preferences(store: store, keyPrefix: keyPrefix), store)
}
