import Foundation
import Prefs
import PrefsTesting
import Testing

/// The generator itself: replayable, within its profile, reaching the edges; the shrinker finds small failures.
@Suite struct PreferenceValueGeneratorTests {
    @Test func theSameSeedGivesTheSameValues() {
        var first = PreferenceValueGenerator(seed: 42)
        var second = PreferenceValueGenerator(seed: 42)
        var other = PreferenceValueGenerator(seed: 43)
        let values = (0..<200).map { _ in (first.key(), first.value()) }
        let again = (0..<200).map { _ in (second.key(), second.value()) }
        let different = (0..<200).map { _ in (other.key(), other.value()) }
        let same = zip(values, again).allSatisfy {
            $0.0 == $1.0 && PreferenceValueGenerator.isSameStoredValue($0.1, $1.1)
        }
        #expect(same)
        #expect(!zip(values, different).allSatisfy { $0.0 == $1.0 })
    }

    @Test func everyEdgeComesUpWithinAFewThousandScalars() {
        var generator = PreferenceValueGenerator(seed: 7)
        let scalars = (0..<20_000).map { _ in generator.scalar() }
        let edges: [(String, (PreferenceValue) -> Bool)] = [
            ("NaN", { if case .double(let d) = $0 { d.isNaN } else { false } }),
            ("-0.0", { if case .double(let d) = $0 { d == 0 && d.sign == .minus } else { false } }),
            ("infinity", { $0 == .double(.infinity) }),
            ("subnormal", { if case .double(let d) = $0 { d.isSubnormal } else { false } }),
            ("largest double", { $0 == .double(.greatestFiniteMagnitude) }),
            ("Int64.min", { $0 == .integer(.min) }), ("UInt64.max", { $0 == .unsignedInteger(.max) }),
            ("Int8.min", { $0 == .integer(Int64(Int8.min)) }), ("UInt32.max", { $0 == .integer(Int64(UInt32.max)) }),
            ("empty data", { $0 == .data(Data()) }), ("empty string", { $0 == .string("") }),
            ("distant past", { $0 == .date(.distantPast) }), ("distant future", { $0 == .date(.distantFuture) }),
            ("negative date", { if case .date(let d) = $0 { d.timeIntervalSinceReferenceDate < 0 } else { false } }),
            ("NUL", { if case .string(let s) = $0 { s.unicodeScalars.contains("\0") } else { false } }),
            ("combining mark", { if case .string(let s) = $0 { s.unicodeScalars.contains("\u{301}") } else { false } }),
        ]
        for (name, isEdge) in edges { #expect(scalars.contains(where: isEdge), "\(name)") }
        let keys = (0..<2_000).map { _ in generator.key() }
        #expect(keys.contains(""))
        #expect(keys.contains { $0.utf8.count == 10_240 })
        #expect(keys.contains { $0.contains(".") && $0.contains("/") })
    }

    @Test func aProfileIsRespected() {
        let profile = PreferenceValueGenerator.Profile(
            allowsNUL: false, allowsControlCharacters: false, allowsEmptyKey: false, maximumKeyLength: 100,
            maximumStringLength: 300, maximumDataLength: 50, maximumDepth: 2, allowsNaN: false,
            allowsByteOrderMarkFirstInNames: false)
        var generator = PreferenceValueGenerator(seed: 9, profile: profile)
        func check(_ value: PreferenceValue, depth: Int = 0) {
            #expect(depth <= 2)
            switch value {
            case .double(let double): #expect(!double.isNaN)
            case .string(let string):
                #expect(string.utf8.count <= 300)
                #expect(!string.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" })
            case .data(let data): #expect(data.count <= 50)
            case .array(let elements): for element in elements { check(element, depth: depth + 1) }
            case .dictionary(let members):
                for (name, member) in members {
                    #expect(name.unicodeScalars.first != "\u{FEFF}")
                    check(member, depth: depth + 1)
                }
            default: break
            }
        }
        for _ in 0..<3_000 { check(generator.value()) }
        for _ in 0..<3_000 {
            let key = generator.key()
            #expect(!key.isEmpty && key.utf8.count <= 100 && !key.unicodeScalars.contains("\0"))
            #expect(key.unicodeScalars.first != "\u{FEFF}")
        }
    }

    @Test func theShrinkerFindsTheSmallestFailingValue() {
        let big: PreferenceValue = [
            "a": [1, 2, ["deep": [.double(.nan), "x"]]], "b": "some text", "c": .data(Data(repeating: 1, count: 99)),
        ]
        let containsNaN: (PreferenceValue) -> Bool = { value in
            func search(_ value: PreferenceValue) -> Bool {
                switch value {
                case .double(let double): double.isNaN
                case .array(let elements): elements.contains(where: search)
                case .dictionary(let members): members.values.contains(where: search)
                default: false
                }
            }
            return search(value)
        }
        let minimal = PreferenceValueShrinker.shrink(big, fails: containsNaN)
        #expect(PreferenceValueGenerator.isSameStoredValue(minimal, .double(.nan)))
        #expect(PreferenceValueShrinker.shrink("abcXdef") { $0.contains("X") } == "X")
    }

    @Test func seedsPrintAndParseBack() {
        for seed: UInt64 in [0, 1, 0x5eed, .max] {
            #expect(PreferenceValueGenerator.parseSeed(PreferenceValueGenerator.seedText(seed)) == seed)
        }
        #expect(PreferenceValueGenerator.parseSeed("12345") == 12_345)
        #expect(PreferenceValueGenerator.parseSeed("nonsense") == nil)
        let command = PreferenceValueGenerator(seed: 0x5eed).replayCommand(filter: "X")
        #expect(command == "PREFS_TEST_SEED=0x0000000000005eed swift test --filter 'X'")
    }

    @Test func exactComparisonSeesWhatEqualityHides() {
        #expect(!PreferenceValueGenerator.isSameStoredValue(.string("é"), .string("e\u{301}")))
        #expect(!PreferenceValueGenerator.isSameStoredValue(.double(-0.0), .double(0.0)))
        #expect(PreferenceValueGenerator.isSameStoredValue(.double(.nan), .double(-.nan)))
        #expect(!PreferenceValueGenerator.isSameStoredValue(.integer(1), .double(1)))
        let differences = PreferenceValueGenerator.differences(["a": [1, 2], "b": "x"], ["a": [1, 3], "b": "y"])
        #expect(differences.map(\.path) == ["[\"a\"][1]", "[\"b\"]"])
    }
}
