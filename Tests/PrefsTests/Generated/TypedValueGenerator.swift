import Foundation
import Prefs
import PrefsTesting

/// A record of every storable type, for generated typed round trips. Its `==` is exact where `==` is not: every NaN
/// equals every NaN (a stored NaN must read back as NaN), and strings compare by Unicode scalars.
struct EveryTypeRecord: Codable, Sendable, PreferenceStorable, Equatable {
    var int8: Int8, int16: Int16, int32: Int32, int64: Int64, int: Int
    var uint8: UInt8, uint16: UInt16, uint32: UInt32, uint64: UInt64, uint: UInt
    var float: Float, double: Double, bool: Bool, string: String, data: Data, date: Date, url: URL
    var doubles: [Double], scores: [String: Float], nested: [[String]], theme: Theme, level: Level, nickname: String?

    static func == (a: Self, b: Self) -> Bool {
        a.int8 == b.int8 && a.int16 == b.int16 && a.int32 == b.int32 && a.int64 == b.int64 && a.int == b.int
            && a.uint8 == b.uint8 && a.uint16 == b.uint16 && a.uint32 == b.uint32 && a.uint64 == b.uint64
            && a.uint == b.uint && a.float.isSame(as: b.float) && a.double.isSame(as: b.double) && a.bool == b.bool
            && a.string.isSame(as: b.string) && a.data == b.data && a.date == b.date && a.url == b.url
            && a.doubles.count == b.doubles.count && zip(a.doubles, b.doubles).allSatisfy { $0.isSame(as: $1) }
            && a.scores.count == b.scores.count
            && a.scores.allSatisfy { b.scores[$0.key]?.isSame(as: $0.value) == true }
            && a.nested == b.nested && a.theme == b.theme && a.level == b.level && a.nickname == b.nickname
    }
}

extension Theme: Codable {}

extension FloatingPoint {
    /// `==`, except that every NaN is the same.
    func isSame(as other: Self) -> Bool { isNaN ? other.isNaN : self == other }
}

extension String {
    func isSame(as other: String) -> Bool { unicodeScalars.elementsEqual(other.unicodeScalars) }
}

extension PreferenceValueGenerator {
    /// An integer of any width: its extremes often, otherwise any value.
    mutating func anyInteger<T: FixedWidthInteger>(_: T.Type = T.self) -> T {
        chance(0.3) ? pick([T.min, T.max, 0, T.min + 1, T.max - 1]) : T.random(in: T.min...T.max, using: &self)
    }

    /// A URL of any scheme, with characters that need escaping.
    mutating func url() -> URL {
        pick([
            URL(string: "https://example.com/a/b?c=1&d=%20#frag")!, URL(fileURLWithPath: "/tmp/a b/ü.txt"),
            URL(string: "mailto:someone@example.com")!, URL(string: "urn:isbn:0451450523")!,
            URL(string: "https://[::1]:8080/%F0%9F%91%8B?q=\(next())")!, URL(string: "custom-scheme:x")!,
        ])
    }

    /// A record with every field generated.
    mutating func record() -> EveryTypeRecord {
        EveryTypeRecord(
            int8: anyInteger(), int16: anyInteger(), int32: anyInteger(), int64: anyInteger(), int: anyInteger(),
            uint8: anyInteger(), uint16: anyInteger(), uint32: anyInteger(), uint64: anyInteger(), uint: anyInteger(),
            float: float(), double: double(), bool: chance(0.5), string: string(), data: data(), date: date(),
            url: url(), doubles: (0..<Int.random(in: 0...4, using: &self)).map { _ in double() },
            scores: Dictionary((0..<Int.random(in: 0...3, using: &self)).map { _ in (memberName(), float()) }) { $1 },
            nested: [[string()], [], [string(), string()]], theme: pick(Theme.allCases), level: pick([.low, .high]),
            nickname: chance(0.5) ? nil : string()
        )
    }
}
