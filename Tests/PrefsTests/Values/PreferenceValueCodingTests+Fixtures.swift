import Foundation
import Prefs
import PrefsTestSupport

/// Fixtures for ``PreferenceValueCodingTests``, nested so that they cannot clash with the test target's shared types
/// (`Frame`, `Profile`).
extension PreferenceValueCodingTests {
    struct Size: Codable, Equatable, Hashable {
        var width: Int
        var height: Int
    }

    struct Window: Codable, Equatable {
        var title: String
        var size: Size
        var opacity: Double
        var pinned: Bool
    }

    struct Profile: Codable, Equatable {
        var name: String
        var nickname: String?
        var age: Int?
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rectangle(width: Int, height: Int)
        case labeled(String, Int)
        case point
    }

    struct Extremes: Codable, Equatable {
        var int8Min = Int8.min, int8Max = Int8.max
        var int16Min = Int16.min, int16Max = Int16.max
        var int32Min = Int32.min, int32Max = Int32.max
        var int64Min = Int64.min, int64Max = Int64.max
        var intMin = Int.min, intMax = Int.max
        var uint8Max = UInt8.max, uint16Max = UInt16.max, uint32Max = UInt32.max
        var uint64Min = UInt64.min, uint64Max = UInt64.max, uintMax = UInt.max
    }

    struct Resources: Codable, Equatable {
        var link: URL
        var stamp: Date
        var blob: Data
    }

    /// A `Codable` type that opts into storage with an empty conformance, which uses these coders.
    struct Frame: Codable, Equatable, PreferenceStorable {
        var x = 0.0, y = 0.0
        var title: String?
    }

    struct Freeform: Codable, Equatable {
        var name: String
        var extra: PreferenceValue
    }

    class Animal: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    /// Stores its superclass under "super" through `superEncoder()`.
    final class Dog: Animal {
        var breed: String

        private enum CodingKeys: String, CodingKey { case breed }

        init(name: String, breed: String) {
            self.breed = breed
            super.init(name: name)
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            breed = try container.decode(String.self, forKey: .breed)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: container.superEncoder())
        }
    }

    /// Shares its encoder with its superclass, so both sets of members land in one dictionary.
    final class Cat: Animal {
        var lives: Int

        private enum CodingKeys: String, CodingKey { case lives }

        init(name: String, lives: Int) {
            self.lives = lives
            super.init(name: name)
        }

        required init(from decoder: any Decoder) throws {
            lives = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .lives)
            try super.init(from: decoder)
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lives, forKey: .lives)
            try super.encode(to: encoder)
        }
    }

    /// Lays itself out with nested keyed and unkeyed containers, and reports what `decodeNil(forKey:)` says.
    struct Layout: Codable, Equatable {
        var origin: (x: Int, y: Int)
        var tags: [String]
        var missingIsNil = false

        private enum CodingKeys: String, CodingKey { case origin, tags, note }
        private enum OriginKeys: String, CodingKey { case x, y }

        init(origin: (x: Int, y: Int), tags: [String]) {
            self.origin = origin
            self.tags = tags
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let originContainer = try container.nestedContainer(keyedBy: OriginKeys.self, forKey: .origin)
            let x = try originContainer.decode(Int.self, forKey: .x)
            origin = (x: x, y: try originContainer.decode(Int.self, forKey: .y))
            var tagsContainer = try container.nestedUnkeyedContainer(forKey: .tags)
            tags = []
            while !tagsContainer.isAtEnd { tags.append(try tagsContainer.decode(String.self)) }
            missingIsNil = try container.decodeNil(forKey: .note)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var originContainer = container.nestedContainer(keyedBy: OriginKeys.self, forKey: .origin)
            try originContainer.encode(origin.x, forKey: .x)
            try originContainer.encode(origin.y, forKey: .y)
            var tagsContainer = container.nestedUnkeyedContainer(forKey: .tags)
            for tag in tags { try tagsContainer.encode(tag) }
            try container.encodeNil(forKey: .note)
        }

        static func == (lhs: Layout, rhs: Layout) -> Bool {
            lhs.origin == rhs.origin && lhs.tags == rhs.tags && lhs.missingIsNil == rhs.missingIsNil
        }
    }

    /// Decodes three integers from an unkeyed container.
    struct Triple: Decodable {
        var values: [Int]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            values = [try container.decode(Int.self), try container.decode(Int.self), try container.decode(Int.self)]
        }
    }

    /// Writes the encoder's user info into the tree, and reads the decoder's.
    struct UserInfoEcho: Codable {
        static let key = CodingUserInfoKey(rawValue: "echo")!
        var seen = ""

        init() {}

        init(from decoder: any Decoder) throws {
            seen = decoder.userInfo[Self.key] as? String ?? "missing"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[Self.key] as? String ?? "missing")
        }
    }

    /// Encodes nil straight into an unkeyed container.
    struct NilElement: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(1)
            try container.encodeNil()
        }
    }

    /// Misuses the container API in one of two ways.
    enum Misuse: Encodable {
        case twoSingleValues
        case keyedAfterSingleValue

        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(1)
            switch self {
            case .twoSingleValues: try single.encode(2)
            case .keyedAfterSingleValue: _ = encoder.container(keyedBy: AnyKey.self)
            }
        }
    }

    /// A coding key for any member name.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
