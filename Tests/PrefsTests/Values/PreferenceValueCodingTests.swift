import Foundation
import Prefs
import PrefsTestSupport
import Testing

// MARK: - Helpers

/// The string values of an error context's coding path.
private func names(_ codingPath: [any CodingKey]) -> [String] { codingPath.map(\.stringValue) }

/// Encodes and decodes a value, checking the stored tree on the way.
private func roundTrip<T: Codable & Equatable>(_ value: T, expecting tree: PreferenceValue? = nil) throws -> T {
    let stored = try PreferenceValueEncoder().encode(value)
    if let tree { #expect(stored == tree) }
    let decoded = try PreferenceValueDecoder().decode(T.self, from: stored)
    #expect(decoded == value)
    return decoded
}

// MARK: - Tests

@Suite struct PreferenceValueCodingTests {
    let encoder = PreferenceValueEncoder()
    let decoder = PreferenceValueDecoder()

    @Test func nestedStructRoundTrips() throws {
        let window = Window(title: "Main", size: Size(width: 640, height: 480), opacity: 0.75, pinned: true)
        let tree: PreferenceValue = [
            "title": "Main", "size": ["width": 640, "height": 480], "opacity": 0.75, "pinned": true,
        ]
        _ = try roundTrip(window, expecting: tree)
    }

    @Test func enumsWithAssociatedValuesRoundTrip() throws {
        _ = try roundTrip(Shape.circle(radius: 2.5), expecting: ["circle": ["radius": 2.5]])
        _ = try roundTrip(Shape.rectangle(width: 3, height: 4), expecting: ["rectangle": ["width": 3, "height": 4]])
        _ = try roundTrip(Shape.labeled("a", 1), expecting: ["labeled": ["_0": "a", "_1": 1]])
        _ = try roundTrip(Shape.point, expecting: ["point": [:]])
        _ = try roundTrip([Shape.point, .circle(radius: 1)])
    }

    @Test func optionalsPresentAndAbsent() throws {
        let full = Profile(name: "Ann", nickname: "A", age: 40)
        _ = try roundTrip(full, expecting: ["name": "Ann", "nickname": "A", "age": 40])
        // An absent optional leaves the member out: the tree holds no null.
        _ = try roundTrip(Profile(name: "Bob", nickname: nil, age: nil), expecting: ["name": "Bob"])
        // Also when the optional goes through the generic `encode(_:forKey:)` rather than `encodeIfPresent`.
        #expect(try encoder.encode(["a": 1, "b": nil] as [String: Int?]) == ["a": 1])
        let decoded = try decoder.decode(Profile.self, from: ["name": "Cy", "age": 7])
        #expect(decoded == Profile(name: "Cy", nickname: nil, age: 7))
    }

    @Test func arraysAndDictionariesOfStructs() throws {
        let sizes = [Size(width: 1, height: 2), Size(width: 3, height: 4)]
        _ = try roundTrip(sizes, expecting: [["width": 1, "height": 2], ["width": 3, "height": 4]])
        let named = ["small": Size(width: 1, height: 1), "large": Size(width: 9, height: 9)]
        _ = try roundTrip(named, expecting: ["small": ["width": 1, "height": 1], "large": ["width": 9, "height": 9]])
    }

    @Test func dictionariesWithNonStringKeys() throws {
        _ = try roundTrip([1: "one", -2: "minus two"], expecting: ["1": "one", "-2": "minus two"])
        // Keys that are neither strings nor integers are stored as Swift emits them: alternating keys and values.
        _ = try roundTrip([Size(width: 1, height: 2): "a"], expecting: [["width": 1, "height": 2], "a"])
    }

    @Test func datesDataAndURLsAreExact() throws {
        let link = try #require(URL(string: "https://user@example.com:8080/a%20b/c?q=1&r=two%3D#frag/ment"))
        let stamp = Date(timeIntervalSinceReferenceDate: 734_567_890.123_456_7)
        let blob = Data([0x00, 0x01, 0x7F, 0x80, 0xFF])
        let resources = Resources(link: link, stamp: stamp, blob: blob)
        let decoded = try roundTrip(
            resources,
            expecting: ["link": .string(link.absoluteString), "stamp": .date(stamp), "blob": .data(blob)]
        )
        #expect(decoded.stamp.timeIntervalSinceReferenceDate == stamp.timeIntervalSinceReferenceDate)
        #expect(decoded.link.absoluteString == "https://user@example.com:8080/a%20b/c?q=1&r=two%3D#frag/ment")
        // At the top level too.
        #expect(try encoder.encode(link) == .string(link.absoluteString))
        #expect(try encoder.encode(stamp) == .date(stamp))
        #expect(try encoder.encode(blob) == .data(blob))
        #expect(try decoder.decode(URL.self, from: .string(link.absoluteString)) == link)
        #expect(try decoder.decode(Date.self, from: .date(stamp)) == stamp)
        #expect(try decoder.decode(Data.self, from: .data(blob)) == blob)
    }

    @Test func preferenceValuesAreStoredAsTheyAre() throws {
        // Kinds that a generic decoder could not tell apart: a whole double, a base64-like string, a date.
        let extra: PreferenceValue = [
            "when": .date(Date(timeIntervalSince1970: 1)), "raw": .data(Data([1, 2])), "whole": 2.0, "text": "AAE=",
        ]
        _ = try roundTrip(Freeform(name: "x", extra: extra), expecting: ["name": "x", "extra": extra])
        #expect(try encoder.encode(PreferenceValue.unsignedInteger(UInt64.max)) == .unsignedInteger(UInt64.max))
        #expect(try decoder.decode(PreferenceValue.self, from: extra) == extra)
    }

    @Test func codableStorableTypesUseTheseCoders() throws {
        let frame = Frame(x: 1.5, y: -2, title: nil)
        #expect(try frame.preferenceValue() == ["x": 1.5, "y": -2.0])
        #expect(try Frame(preferenceValue: ["x": 1.5, "y": -2, "title": "T"]) == Frame(x: 1.5, y: -2, title: "T"))
    }

    @Test func preferenceValueWorksWithOtherCoders() throws {
        let value: PreferenceValue = ["list": [1, "two", true, 2.5], "nested": ["big": .unsignedInteger(UInt64.max)]]
        let json = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(PreferenceValue.self, from: json) == value)
    }

    @Test func integerExtremesOfEveryWidth() throws {
        let tree: PreferenceValue = [
            "int8Min": -128, "int8Max": 127, "int16Min": -32768, "int16Max": 32767,
            "int32Min": -2_147_483_648, "int32Max": 2_147_483_647,
            "int64Min": .integer(Int64.min), "int64Max": .integer(Int64.max),
            "intMin": .integer(Int64(Int.min)), "intMax": .integer(Int64(Int.max)),
            "uint8Max": 255, "uint16Max": 65535, "uint32Max": 4_294_967_295,
            "uint64Min": 0, "uint64Max": .unsignedInteger(UInt64.max), "uintMax": .unsigned(UInt64(UInt.max)),
        ]
        _ = try roundTrip(Extremes(), expecting: tree)
        #expect(try encoder.encode(Int64.max) == .integer(Int64.max))
        #expect(try encoder.encode(UInt64(Int64.max)) == .integer(Int64.max))
        #expect(try encoder.encode(UInt64(Int64.max) + 1) == .unsignedInteger(UInt64(Int64.max) + 1))
        #expect(try encoder.encode([UInt64.max]) == [.unsignedInteger(UInt64.max)])
        #expect(try decoder.decode(UInt64.self, from: .unsignedInteger(UInt64.max)) == UInt64.max)
        #expect(try decoder.decode([Int64].self, from: [.integer(Int64.max)]) == [Int64.max])
    }

    @Test func floatingPointValues() throws {
        #expect(try encoder.encode(Float(0.1)) == .double(Double(Float(0.1))))
        #expect(try decoder.decode(Float.self, from: .double(Double(Float(0.1)))) == Float(0.1))
        #expect(try decoder.decode(Double.self, from: 3) == 3.0)
        #expect(try decoder.decode(Int.self, from: 3.0) == 3)
    }

    @Test func numbersConvertOnlyExactly() throws {
        let fraction = try #require(throws: DecodingError.self) { try decoder.decode(Int.self, from: 3.5) }
        guard case .dataCorrupted(let context) = fraction else {
            Issue.record("expected dataCorrupted, got \(fraction)")
            return
        }
        #expect(context.codingPath.isEmpty)

        let tooBig = try #require(throws: DecodingError.self) {
            try decoder.decode([String: UInt8].self, from: ["level": 300])
        }
        guard case .dataCorrupted(let bigContext) = tooBig else {
            Issue.record("expected dataCorrupted, got \(tooBig)")
            return
        }
        #expect(names(bigContext.codingPath) == ["level"])

        #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: -1) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int64.self, from: .unsignedInteger(UInt64.max)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Float.self, from: 1e300) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: .double(.nan)) }
    }

    @Test func classHierarchiesWithSuperEncoder() throws {
        let dog = Dog(name: "Rex", breed: "Collie")
        let stored = try encoder.encode(dog)
        #expect(stored == ["breed": "Collie", "super": ["name": "Rex"]])
        let decoded = try decoder.decode(Dog.self, from: stored)
        #expect(decoded.name == "Rex")
        #expect(decoded.breed == "Collie")

        let cat = Cat(name: "Tom", lives: 9)
        let catStored = try encoder.encode(cat)
        #expect(catStored == ["lives": 9, "name": "Tom"])
        let decodedCat = try decoder.decode(Cat.self, from: catStored)
        #expect(decodedCat.name == "Tom")
        #expect(decodedCat.lives == 9)

        let orphan = try #require(throws: DecodingError.self) { try decoder.decode(Dog.self, from: ["breed": "Pug"]) }
        guard case .keyNotFound(let key, let context) = orphan else {
            Issue.record("expected keyNotFound, got \(orphan)")
            return
        }
        #expect(key.stringValue == "super")
        #expect(context.codingPath.isEmpty)
    }

    @Test func nestedContainersAndDecodeNil() throws {
        let layout = Layout(origin: (x: 3, y: -4), tags: ["a", "b"])
        let stored = try encoder.encode(layout)
        #expect(stored == ["origin": ["x": 3, "y": -4], "tags": ["a", "b"]])
        let decoded = try decoder.decode(Layout.self, from: stored)
        #expect(decoded.origin == (x: 3, y: -4))
        #expect(decoded.tags == ["a", "b"])
        #expect(decoded.missingIsNil)
    }

    @Test func aMemberEncodedTwiceKeepsTheLastOne() throws {
        /// Encodes each member twice, of another kind the second time.
        struct Rewriter: Encodable {
            enum Keys: String, CodingKey {
                case valueThenNested, nestedThenValue, valueThenNil, nilThenValue, superThenValue
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .valueThenNested)
                var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .valueThenNested)
                try nested.encode("inner", forKey: .valueThenNil)
                var list = container.nestedUnkeyedContainer(forKey: .nestedThenValue)
                try list.encode(7)
                try container.encode(2, forKey: .nestedThenValue)
                try container.encode(3, forKey: .valueThenNil)
                try container.encodeNil(forKey: .valueThenNil)
                try container.encodeNil(forKey: .nilThenValue)
                try container.encode(4, forKey: .nilThenValue)
                var single = container.superEncoder(forKey: .superThenValue).singleValueContainer()
                try single.encode(true)
                try container.encode(5, forKey: .superThenValue)
            }
        }
        let stored = try encoder.encode(Rewriter())
        #expect(
            stored == [
                "valueThenNested": ["valueThenNil": "inner"], "nestedThenValue": 2, "nilThenValue": 4,
                "superThenValue": 5,
            ])
    }

    @Test func aNestedContainerAskedForAgainIsTheSameOneUnlessOfAnotherKind() throws {
        /// Asks a member for a nested keyed container, then for one of the same or the other kind.
        struct TwoAsks: Encodable {
            let otherKind: Bool
            enum Keys: String, CodingKey { case inner, x, y }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var first = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
                try first.encode(1, forKey: .x)
                if otherKind {
                    var list = container.nestedUnkeyedContainer(forKey: .inner)
                    try list.encode(2)
                } else {
                    var second = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
                    try second.encode(2, forKey: .y)
                }
            }
        }
        #expect(try encoder.encode(TwoAsks(otherKind: false)) == ["inner": ["x": 1, "y": 2]])
        #expect(try encoder.encode(TwoAsks(otherKind: true)) == ["inner": [2]])  // the last one wins
    }

    @Test func aMisuseBelowIsThrownWhenEncodingEndsWhateverBecameOfItsMember() throws {
        /// A member whose encoding misuses its encoder, then is swallowed by `try?` or replaced.
        struct Hiding: Encodable {
            let replaced: Bool
            enum Keys: String, CodingKey { case item }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                if replaced {
                    try Misuse.keyedAfterSingleValue.encode(to: container.superEncoder(forKey: .item))
                    try container.encode(2, forKey: .item)
                } else {
                    try? container.encode(Misuse.keyedAfterSingleValue, forKey: .item)
                }
            }
        }
        for replaced in [false, true] {
            let error = try #require(throws: EncodingError.self) { try encoder.encode(Hiding(replaced: replaced)) }
            guard case .invalidValue(_, let context) = error else {
                Issue.record("expected invalidValue, got \(error)")
                return
            }
            #expect(names(context.codingPath) == ["item"])
        }
    }

    @Test func nilInAnArrayIsAClearError() throws {
        let error = try #require(throws: EncodingError.self) { try encoder.encode(["list": [1, nil, 3] as [Int?]]) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(names(context.codingPath) == ["list", "Index 1"])
        #expect(context.codingPath.last?.intValue == 1)
        #expect(context.debugDescription.contains("Cannot encode nil"))

        let direct = try #require(throws: EncodingError.self) { try encoder.encode(NilElement()) }
        guard case .invalidValue(_, let directContext) = direct else {
            Issue.record("expected invalidValue, got \(direct)")
            return
        }
        #expect(names(directContext.codingPath) == ["Index 1"])

        let topLevel = try #require(throws: EncodingError.self) { try encoder.encode(Int?.none) }
        guard case .invalidValue(_, let topLevelContext) = topLevel else {
            Issue.record("expected invalidValue, got \(topLevel)")
            return
        }
        #expect(topLevelContext.codingPath.isEmpty)
    }

    @Test func wrongKindsAreTypeMismatches() throws {
        let tree: PreferenceValue = [
            "title": "T", "size": ["width": "wide", "height": 1], "opacity": 1, "pinned": true,
        ]
        let member = try #require(throws: DecodingError.self) { try decoder.decode(Window.self, from: tree) }
        guard case .typeMismatch(let type, let context) = member else {
            Issue.record("expected typeMismatch, got \(member)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
        #expect(names(context.codingPath) == ["size", "width"])

        let container = try #require(throws: DecodingError.self) {
            try decoder.decode([Size].self, from: [["width": 1, "height": 2], "oops"])
        }
        guard case .typeMismatch(_, let containerContext) = container else {
            Issue.record("expected typeMismatch, got \(container)")
            return
        }
        #expect(names(containerContext.codingPath) == ["Index 1"])

        let url = try #require(throws: DecodingError.self) { try decoder.decode(URL.self, from: 42) }
        guard case .typeMismatch(let urlType, _) = url else {
            Issue.record("expected typeMismatch, got \(url)")
            return
        }
        #expect(ObjectIdentifier(urlType) == ObjectIdentifier(URL.self))
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: 1) }
        #expect(throws: DecodingError.self) { try decoder.decode(String.self, from: 1) }
    }

    @Test func missingMembersAreKeyNotFound() throws {
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Window.self, from: ["title": "T", "size": ["width": 1], "opacity": 1, "pinned": true])
        }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "height")
        #expect(names(context.codingPath) == ["size"])

        let short = try #require(throws: DecodingError.self) { try decoder.decode(Triple.self, from: [1, 2]) }
        guard case .valueNotFound(_, let shortContext) = short else {
            Issue.record("expected valueNotFound, got \(short)")
            return
        }
        #expect(names(shortContext.codingPath) == ["Index 2"])
    }

    @Test func iso8601StringsDecodeAsDates() throws {
        let noon = Date(timeIntervalSince1970: 1_714_564_800)
        #expect(try decoder.decode(Date.self, from: "2024-05-01T12:00:00Z") == noon)
        #expect(try decoder.decode(Date.self, from: "2024-05-01T12:00:00.250Z") == noon.addingTimeInterval(0.25))
        #expect(try decoder.decode(Date.self, from: "2024-05-01T14:00:00+02:00") == noon)
        let resources = try decoder.decode(
            Resources.self,
            from: ["link": "https://example.com", "stamp": "2024-05-01T12:00:00Z", "blob": .data(Data())]
        )
        #expect(resources.stamp == noon)

        let garbage = try #require(throws: DecodingError.self) {
            try decoder.decode(Resources.self, from: ["link": "https://example.com", "stamp": "May 1st", "blob": ""])
        }
        guard case .dataCorrupted(let context) = garbage else {
            Issue.record("expected dataCorrupted, got \(garbage)")
            return
        }
        #expect(names(context.codingPath) == ["stamp"])
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: "2024-05-01T12:00:00Z and more") }
    }

    @Test func base64StringsDecodeAsData() throws {
        #expect(try decoder.decode(Data.self, from: "AAF/gP8=") == Data([0x00, 0x01, 0x7F, 0x80, 0xFF]))
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode([Data].self, from: ["AA==", "not base64!"])
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(names(context.codingPath) == ["Index 1"])
    }

    @Test func userInfoReachesEncodeTo() throws {
        var configured = PreferenceValueEncoder()
        configured.userInfo[UserInfoEcho.key] = "hello"
        #expect(try configured.encode(UserInfoEcho()) == "hello")
        #expect(try encoder.encode(UserInfoEcho()) == "missing")

        var configuredDecoder = PreferenceValueDecoder()
        configuredDecoder.userInfo[UserInfoEcho.key] = "hi"
        #expect(try configuredDecoder.decode(UserInfoEcho.self, from: [:]).seen == "hi")
        #expect(try decoder.decode([UserInfoEcho].self, from: [[:]]).first?.seen == "missing")
    }

    @Test func containerMisuseIsAnError() throws {
        for misuse in [Misuse.twoSingleValues, .keyedAfterSingleValue] {
            let error = try #require(throws: EncodingError.self) { try encoder.encode(["item": misuse]) }
            guard case .invalidValue(_, let context) = error else {
                Issue.record("expected invalidValue, got \(error)")
                return
            }
            #expect(names(context.codingPath) == ["item"])
        }
    }
}
