import Foundation

/// Decodes any `Decodable` value from a ``PreferenceValue`` tree, without going through JSON.
///
/// The decoder reads what ``PreferenceValueEncoder`` writes, and is lenient where a hand-edited file
/// may differ: numbers convert between integer and floating-point cases whenever the conversion is
/// exact (a stored `3.0` decodes as the `Int` 3, a stored `3.5` or `300` as a `UInt8` fails), a `Date`
/// may be an ISO 8601 string (with or without fractional seconds), and `Data` a base64 string.
///
/// Failures are the standard `DecodingError`s with the coding path of the offending value:
/// `keyNotFound` for a missing member that is not optional, `typeMismatch` for a value of the wrong
/// kind, and `dataCorrupted` for a number out of range or a string that is not a valid date, base64
/// data or URL.
///
/// ```swift
/// let frame = try PreferenceValueDecoder().decode(Frame.self, from: ["width": 640, "height": 480])
/// ```
public struct PreferenceValueDecoder: Sendable {
    /// Contextual information that every `init(from:)` call sees as `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder with no user info.
    public init() {}

    /// Decodes a value of the given type from a preference value tree.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - value: The stored tree.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` when the tree does not match the type, and any error that the type's
    ///   `init(from:)` throws.
    public func decode<T: Decodable>(_ type: T.Type, from value: PreferenceValue) throws -> T {
        let decoder = PreferenceValueDecoding(
            value: value, codingPath: [], userInfo: userInfo.isEmpty ? [:] : userInfo.mapValues { $0 as Any })
        return try decoder.unbox(type, from: value, at: [])
    }
}

// MARK: - Decoder

/// The `Decoder` handed to each `init(from:)`; it is also its own single-value container.
final class PreferenceValueDecoding: Decoder, SingleValueDecodingContainer {
    let value: PreferenceValue
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(value: PreferenceValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    /// A decoder for a value inside this one.
    func decoder(for value: PreferenceValue, at codingPath: [any CodingKey]) -> PreferenceValueDecoding {
        PreferenceValueDecoding(value: value, codingPath: codingPath, userInfo: userInfo)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let members) = value else {
            throw Self.typeMismatch([String: Any].self, expected: "a dictionary", found: value, at: codingPath)
        }
        return KeyedDecodingContainer(PreferenceKeyedDecodingContainer<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw Self.typeMismatch([Any].self, expected: "an array", found: value, at: codingPath)
        }
        return PreferenceUnkeyedDecodingContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single value

    /// Always false: the tree holds no null (a nil member is a missing one).
    func decodeNil() -> Bool { false }

    func decode(_ type: Bool.Type) throws -> Bool { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Self.scalar(type, from: value, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Self.scalar(type, from: value, at: codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type, from: value, at: codingPath) }

    // MARK: Values

    /// Decodes `value` as a `T`, reading `Date`, `Data`, `URL` and `PreferenceValue` directly.
    func unbox<T: Decodable>(_ type: T.Type, from value: PreferenceValue, at codingPath: [any CodingKey]) throws -> T {
        if let direct = try Self.directValue(type, from: value, at: codingPath) { return direct }
        return try T(from: decoder(for: value, at: codingPath))
    }

    /// The value of a type that the tree holds directly, or nil for any other type.
    private static func directValue<T>(
        _ type: T.Type, from value: PreferenceValue, at codingPath: [any CodingKey]
    )
        throws -> T?
    {
        if type == PreferenceValue.self { return value as? T }
        if type == Date.self { return try date(from: value, at: codingPath) as? T }
        if type == Data.self { return try data(from: value, at: codingPath) as? T }
        if type == URL.self { return try url(from: value, at: codingPath) as? T }
        return nil
    }

    /// Reads a scalar with the conversion rules of its ``PreferenceStorable`` conformance
    /// (numbers convert only exactly), reporting failures as `DecodingError`s.
    static func scalar<T: PreferenceStorable>(
        _ type: T.Type,
        from value: PreferenceValue,
        at codingPath: [any CodingKey]
    ) throws -> T {
        do {
            return try T(preferenceValue: value)
        } catch let error as PreferenceValueError {
            switch error {
            case .typeMismatch:
                throw typeMismatch(type, expected: "\(T.self)", found: value, at: codingPath, underlyingError: error)
            case .outOfRange, .invalidValue:
                throw corrupted("\(value) does not fit in \(T.self)", at: codingPath, underlyingError: error)
            }
        }
    }

    /// Reads a stored date, or an ISO 8601 string.
    private static func date(from value: PreferenceValue, at codingPath: [any CodingKey]) throws -> Date {
        switch value {
        case .date(let date):
            return date
        case .string(let string):
            guard let date = iso8601Date(string) else {
                throw corrupted("\(value) is not an ISO 8601 date", at: codingPath)
            }
            return date
        default:
            throw typeMismatch(Date.self, expected: "a date or an ISO 8601 string", found: value, at: codingPath)
        }
    }

    /// Parses an ISO 8601 date and time as the file store reads it (``PreferenceDateFormat``), around spaces.
    private static func iso8601Date(_ string: String) -> Date? {
        PreferenceDateFormat.date(from: string.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Reads stored data, or a base64 string.
    private static func data(from value: PreferenceValue, at codingPath: [any CodingKey]) throws -> Data {
        switch value {
        case .data(let data):
            return data
        case .string(let string):
            guard let data = StrictText.data(base64: string) else {
                throw corrupted("\(value) is not valid base64 data", at: codingPath)
            }
            return data
        default:
            throw typeMismatch(Data.self, expected: "data or a base64 string", found: value, at: codingPath)
        }
    }

    /// Reads a URL stored as its absolute string.
    private static func url(from value: PreferenceValue, at codingPath: [any CodingKey]) throws -> URL {
        guard case .string(let string) = value else {
            throw typeMismatch(URL.self, expected: "a URL string", found: value, at: codingPath)
        }
        guard let url = URL(string: string) else {
            throw corrupted("\(value) is not a valid URL", at: codingPath)
        }
        return url
    }

    // MARK: Errors

    /// A `typeMismatch` error that names what was expected and what was found.
    static func typeMismatch(
        _ type: Any.Type,
        expected: String,
        found value: PreferenceValue,
        at codingPath: [any CodingKey],
        underlyingError: (any Error)? = nil
    ) -> DecodingError {
        let message =
            "Expected \(expected) at \(codingPath.codingPathDescription), found \(value.kindName) \(value.abbreviatedDescription)."
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(codingPath: codingPath, debugDescription: message, underlyingError: underlyingError)
        )
    }

    /// A `dataCorrupted` error for a value of the right kind but not a valid value of the type.
    static func corrupted(
        _ problem: String, at codingPath: [any CodingKey], underlyingError: (any Error)? = nil
    )
        -> DecodingError
    {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(problem) at \(codingPath.codingPathDescription).",
                underlyingError: underlyingError
            )
        )
    }
}

// MARK: - PreferenceValue: Decodable

extension PreferenceValue: Decodable {
    /// Decodes a value tree from any decoder: a dictionary, an array, or the first scalar kind that fits.
    ///
    /// Scalars are tried in the order Bool, integer, double, string, date, data, so a decoder that
    /// stores dates or data as strings or numbers (as JSON does) yields those kinds instead.
    /// ``PreferenceValueDecoder`` hands its tree over as it is and never calls this initializer.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.typeMismatch` when the value is null or of no kind the tree can hold.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: PreferenceCodingKey.self) {
            var members: [String: PreferenceValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(PreferenceValue.self, forKey: key)
            }
            self = .dictionary(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [PreferenceValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(PreferenceValue.self))
            }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? container.decode(UInt64.self) {
                self = .unsigned(value)
            } else if let value = try? container.decode(Double.self) {
                self = .double(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode(Date.self) {
                self = .date(value)
            } else if let value = try? container.decode(Data.self) {
                self = .data(value)
            } else {
                throw DecodingError.typeMismatch(
                    PreferenceValue.self,
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "Expected a value that a preference value tree can hold; it has no null."
                    )
                )
            }
        }
    }
}
