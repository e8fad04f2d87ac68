public import Foundation

/// The stored form of a preference: one `Sendable` value tree that every store exchanges.
///
/// Stores never see `Any`: they read and write `PreferenceValue`s, and each key converts its typed
/// value to and from this tree through its ``PreferenceCodec``. Codable values become
/// ``dictionary(_:)`` and ``array(_:)`` trees, so they stay readable in a JSON file or a property list.
///
/// ```swift
/// let stored: PreferenceValue = ["width": 640, "height": 480, "title": "Main"]
/// ```
///
/// Two values are equal when they are the same stored value (see ``==(_:_:)``): the one definition of
/// "the value did not change" that caches, observers, stores and merges all use.
public enum PreferenceValue: Sendable {
    /// A Boolean.
    case bool(Bool)
    /// A signed integer of any width up to 64 bits.
    case integer(Int64)
    /// An unsigned integer above `Int64.max`; smaller unsigned values are stored as ``integer(_:)``.
    case unsignedInteger(UInt64)
    /// A floating-point number (a `Float` is stored widened, exactly).
    case double(Double)
    /// A string.
    case string(String)
    /// Raw bytes.
    case data(Data)
    /// A point in time.
    case date(Date)
    /// An ordered list of values.
    case array([PreferenceValue])
    /// String-keyed members, as in a JSON object.
    case dictionary([String: PreferenceValue])
}

extension PreferenceValue {
    /// The name of this value's kind, as used in error messages ("integer", "dictionary", …).
    public var kindName: String {
        switch self {
        case .bool: "bool"
        case .integer, .unsignedInteger: "integer"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    /// Creates the stored form of an unsigned integer, as ``integer(_:)`` whenever it fits.
    public static func unsigned(_ value: UInt64) -> PreferenceValue {
        value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    }
}

extension PreferenceValue: CustomStringConvertible {
    /// A compact, JSON-like rendering for logs and error messages.
    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .unsignedInteger(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .data(let value): "<\(value.count) bytes>"
        case .date(let value): PreferenceDateFormat.string(from: value)
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let members):
            "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

extension PreferenceValue {
    /// ``description`` cut to 200 characters, for messages that quote a stored value: a megabyte string
    /// must not become a megabyte log line.
    package var abbreviatedDescription: String {
        // Measured in bytes, not characters: counting the characters of a megabyte of text takes a while.
        if case .string(let string) = self, string.utf8.count > 400 {
            return "\"\(string.prefix(200))…\" (\(string.utf8.count) bytes)"
        }
        let full = description
        guard full.utf8.count > 400 else { return full }
        return full.prefix(200) + "… (\(full.utf8.count) bytes)"
    }
}

extension PreferenceValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// Creates a ``bool(_:)`` value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an ``integer(_:)`` value.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// Creates a ``double(_:)`` value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a ``string(_:)`` value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an ``array(_:)`` value.
    public init(arrayLiteral elements: PreferenceValue...) { self = .array(elements) }
    /// Creates a ``dictionary(_:)`` value; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, PreferenceValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
