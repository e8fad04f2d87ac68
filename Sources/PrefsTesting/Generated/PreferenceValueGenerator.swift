import Foundation
public import Prefs

/// A seeded generator of `PreferenceValue` trees and hostile key names, for tests that check a
/// store or a container against the whole space of values instead of a few examples.
///
/// ```swift
/// var generator = PreferenceValueGenerator(seed: PreferenceValueGenerator.environmentSeed)
/// for _ in 0..<PreferenceValueGenerator.caseCount(1_000) {
///     let key = generator.key()
///     let value = generator.value()
///     try store.write([key: value])
///     // … read it back and compare with `PreferenceValueGenerator.isSameStoredValue(_:_:)`
/// }
/// ```
///
/// The same seed and the same calls give the same values on every platform, so a failure is
/// replayed with `PREFS_TEST_SEED=<seed>`. Edge values (every integer width at its extremes, NaN,
/// infinities, negative zero, subnormals, extreme and sub-microsecond dates, empty and large data,
/// unicode, control characters) come up far more often than a uniform draw would give them.
public struct PreferenceValueGenerator: RandomNumberGenerator, Sendable {
    /// What a store can hold, so that a generator only produces values the store promises to keep.
    public struct Profile: Sendable {
        /// Whether strings and key names may contain U+0000.
        public var allowsNUL: Bool
        /// Whether strings and key names may contain C0 control characters other than tab and line feed.
        public var allowsControlCharacters: Bool
        /// Whether a key name may be empty.
        public var allowsEmptyKey: Bool
        /// The longest key name, in UTF-8 bytes.
        public var maximumKeyLength: Int
        /// The longest string value, in UTF-8 bytes (roughly: a string is cut at a character boundary).
        public var maximumStringLength: Int
        /// The largest data value, in bytes.
        public var maximumDataLength: Int
        /// How deeply arrays and dictionaries nest.
        public var maximumDepth: Int
        /// Whether doubles may be NaN.
        public var allowsNaN: Bool
        /// Whether key and member names may start with U+FEFF (a byte-order mark).
        public var allowsByteOrderMarkFirstInNames: Bool

        /// Creates a profile.
        ///
        /// - Parameters:
        ///   - allowsNUL: Whether strings and key names may contain U+0000.
        ///   - allowsControlCharacters: Whether they may contain other C0 control characters.
        ///   - allowsEmptyKey: Whether a key name may be empty.
        ///   - maximumKeyLength: The longest key name, in UTF-8 bytes.
        ///   - maximumStringLength: The longest string value, in UTF-8 bytes.
        ///   - maximumDataLength: The largest data value, in bytes.
        ///   - maximumDepth: How deeply arrays and dictionaries nest.
        ///   - allowsNaN: Whether doubles may be NaN.
        ///   - allowsByteOrderMarkFirstInNames: Whether key and member names may start with U+FEFF.
        public init(
            allowsNUL: Bool = true,
            allowsControlCharacters: Bool = true,
            allowsEmptyKey: Bool = true,
            maximumKeyLength: Int = 10_240,
            maximumStringLength: Int = 65_536,
            maximumDataLength: Int = 1 << 20,
            maximumDepth: Int = 5,
            allowsNaN: Bool = true,
            allowsByteOrderMarkFirstInNames: Bool = true
        ) {
            self.allowsNUL = allowsNUL
            self.allowsControlCharacters = allowsControlCharacters
            self.allowsEmptyKey = allowsEmptyKey
            self.maximumKeyLength = maximumKeyLength
            self.maximumStringLength = maximumStringLength
            self.maximumDataLength = maximumDataLength
            self.maximumDepth = maximumDepth
            self.allowsNaN = allowsNaN
            self.allowsByteOrderMarkFirstInNames = allowsByteOrderMarkFirstInNames
        }

        /// Every value `PreferenceValue` can hold: the profile of the in-memory and file stores.
        public static let everything = Profile()

        /// Text without U+0000 (PostgreSQL's `text` and `jsonb` refuse it), and key names of at most
        /// 1,024 bytes: the profile of the PostgreSQL store.
        public static let withoutNUL = Profile(allowsNUL: false, allowsEmptyKey: false, maximumKeyLength: 1_024)

        /// Text an XML property list can hold: no control characters but tab and line feed, and no
        /// name that starts with U+FEFF, which Linux's Foundation drops when it reads the file (the
        /// UserDefaults store refuses such names there). The profile of `UserDefaults` on Linux.
        public static let xmlText = Profile(
            allowsNUL: false, allowsControlCharacters: false, allowsByteOrderMarkFirstInNames: false)
    }

    /// The seed this generator started from.
    public let seed: UInt64
    /// What the generated values may contain.
    public var profile: Profile
    private var state: UInt64

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - seed: The seed; the same seed gives the same values.
    ///   - profile: What the generated values may contain.
    public init(seed: UInt64, profile: Profile = .everything) {
        self.seed = seed
        self.profile = profile
        self.state = seed
    }

    /// The next 64 random bits (SplitMix64: fast, and the same on every platform).
    ///
    /// - Returns: The bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        // `multipliedReportingOverflow` rather than `&*`, whose generic form is newer than Prefs' floor.
        mixed = (mixed ^ (mixed >> 30)).multipliedReportingOverflow(by: 0xBF58_476D_1CE4_E5B9).partialValue
        mixed = (mixed ^ (mixed >> 27)).multipliedReportingOverflow(by: 0x94D0_49BB_1331_11EB).partialValue
        return mixed ^ (mixed >> 31)
    }

    /// Whether an event of the given probability happens, for generators built on this one.
    ///
    /// - Parameter probability: Between 0 and 1.
    /// - Returns: True with that probability.
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// One of the elements, uniformly, for generators built on this one.
    ///
    /// - Parameter elements: A non-empty array.
    /// - Returns: One of its elements.
    public mutating func pick<Element>(_ elements: [Element]) -> Element { elements.randomElement(using: &self)! }

    /// A value of any kind: a scalar most of the time, otherwise an array or a dictionary of
    /// values, nested up to the profile's depth.
    ///
    /// - Returns: The value.
    public mutating func value() -> PreferenceValue { value(depth: 0) }

    private mutating func value(depth: Int) -> PreferenceValue {
        guard depth < profile.maximumDepth, chance(depth == 0 ? 0.3 : 0.2) else { return scalar() }
        let count = chance(0.15) ? 0 : Int.random(in: 1...(chance(0.1) ? 40 : 5), using: &self)
        if chance(0.5) { return .array((0..<count).map { _ in value(depth: depth + 1) }) }
        if chance(0.1) { return markLikeDictionary(depth: depth + 1) }
        var members: [String: PreferenceValue] = [:]
        for _ in 0..<count { members[memberName()] = value(depth: depth + 1) }
        return .dictionary(members)
    }

    /// A dictionary that looks like one of the forms stores use for values JSON or a property list
    /// lacks (`{"$date": …}`), which must still read back as a dictionary.
    private mutating func markLikeDictionary(depth: Int) -> PreferenceValue {
        let name = pick(["$date", "$data", "$double", "$dictionary", "$", "$unknown"])
        // Containers inside the mark only while the profile's depth allows another level.
        let kinds = depth < profile.maximumDepth ? 4 : 1
        let inner: PreferenceValue =
            switch Int.random(in: 0..<kinds, using: &self) {
            case 0: .string(pick(["nan", "inf", "-inf", "-0", "2026-11-22T15:47:00.5Z", "aGVsbG8=", "not base64"]))
            case 1: .dictionary(["$date": .string("1970-01-01T00:00:00Z")])
            case 2: .dictionary([:])
            default: value(depth: depth)
            }
        return .dictionary([name: inner])
    }

    /// A scalar of any kind: Boolean, integer, double, string, data or date.
    ///
    /// - Returns: The value.
    public mutating func scalar() -> PreferenceValue {
        switch Int.random(in: 0..<12, using: &self) {
        case 0: .bool(chance(0.5))
        case 1, 2: integer()
        case 3, 4, 5: .double(double())
        case 6, 7: .string(string())
        case 8: .data(data())
        default: .date(date())
        }
    }
}
