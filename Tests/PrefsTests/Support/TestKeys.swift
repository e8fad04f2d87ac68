import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting

enum Theme: String, Sendable, CaseIterable { case system, light, dark }
enum Level: Int, Sendable, Codable { case low = 1, high = 9 }

struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    static let zero = Frame()
}

struct Profile: Codable, Sendable, Equatable, PreferenceStorable {
    var name: String
    var tags: [String]
    var frame: Frame
    var level: Level
    var updated: Date
    var avatar: Data
    var homepage: URL
    var nickname: String?
}

extension PreferenceStoreID {
    static let second = PreferenceStoreID("second")
    static let missing = PreferenceStoreID("missing")
}

extension PreferenceKeys {
    var flag: Key<Bool> { Key("flag", default: false) }
    var count: Key<Int> { Key("count", default: 0) }
    var otherCount: Key<Int> { Key("other_count", default: 0) }
    var countAlias: Key<Int> { Key("count", default: 0) }
    /// Another key of the stored name `count`: an optional, nil where nothing is stored.
    var countIfStored: Key<Int?> { Key("count") }
    var name: Key<String> { Key("name", default: "anonymous") }
    var theme: Key<Theme> { Key("theme", default: .system) }
    var level: Key<Level> { Key("level", default: .low) }
    var window: Key<Frame> { Key("window", default: .zero) }
    var profile: Key<Profile?> { Key("profile") }
    var lastOpened: Key<Date?> { Key("last_opened") }
    var nickname: Key<String?> { Key("nickname", default: nil) }
    var optionalTheme: Key<Theme?> { Key("optional_theme") }
    var selections: Key<[Int]> { Key("selections", default: [3, 4, 5]) }
    var scores: Key<[String: Double]> { Key("scores", default: [:]) }
    var frames: Key<[Frame]> { Key("frames", default: []) }
    var secondStoreToken: Key<String> { Key("token", default: "", store: .second) }
    /// `count` in the second store, as an optional: nil where nothing is stored.
    var secondStoreCountIfStored: Key<Int?> { Key("count", store: .second) }
    var missingStoreKey: Key<Int> { Key("nowhere", default: 0, store: .missing) }
    var oddName: Key<String> { Key("a.b/c:d ü 鍵 🔑", default: "") }
    var legacyFrame: Key<Frame> { Key("legacy_frame", default: .zero, codec: .jsonString) }
    var int8: Key<Int8> { Key("int8", default: 0) }
    var uint8: Key<UInt8> { Key("uint8", default: 0) }
    var int16: Key<Int16> { Key("int16", default: 0) }
    var uint16: Key<UInt16> { Key("uint16", default: 0) }
    var int32: Key<Int32> { Key("int32", default: 0) }
    var uint32: Key<UInt32> { Key("uint32", default: 0) }
    var int64: Key<Int64> { Key("int64", default: 0) }
    var uint64: Key<UInt64> { Key("uint64", default: 0) }
    var uint: Key<UInt> { Key("uint", default: 0) }
    var double: Key<Double> { Key("double", default: 0) }
    var float: Key<Float> { Key("float", default: 0) }
    var data: Key<Data> { Key("data", default: Data()) }
    var date: Key<Date> { Key("date", default: Date(timeIntervalSince1970: 0)) }
    var url: Key<URL> { Key("url", default: URL(string: "https://example.com")!) }
    var optionalURL: Key<URL?> { Key("optional_url") }
    var nestedArrays: Key<[[String]]> { Key("nested_arrays", default: []) }
    var raw: Key<PreferenceValue?> { Key("raw") }
    /// A key whose custom codec refuses negative numbers.
    var positive: Key<Int> {
        Key(
            "positive", default: 1,
            codec: PreferenceCodec(
                encode: { value in
                    guard value > 0 else {
                        throw PreferenceValueError.invalidValue(expected: "positive Int", found: .integer(Int64(value)))
                    }
                    return .integer(Int64(value))
                },
                decode: { try Int(preferenceValue: $0) }
            )
        )
    }
}

/// A fresh container on a fresh in-memory store, with the store to inspect.
func makePreferences(
    _ values: [String: PreferenceValue] = [:], keyPrefix: String = ""
) -> (Preferences, TestPreferenceStore) {
    let store = TestPreferenceStore(values)
    return (Preferences(store: store, keyPrefix: keyPrefix), store)
}
