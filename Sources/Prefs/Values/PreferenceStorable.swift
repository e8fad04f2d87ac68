public import Foundation

/// A type whose values a preference store can hold.
///
/// The standard types conform already: `Bool`, every integer width, `Double`, `Float`, `String`,
/// `Data`, `Date`, `URL`, `UUID` (as its string), arrays, sets (an array in one stable order) and
/// string-keyed dictionaries of storable values. A `Codable` type opts in with one line and is stored
/// as a structured tree (objects and arrays), readable in the JSON file and in `defaults read`:
///
/// ```swift
/// struct Frame: Codable, Equatable { var x = 0.0, y = 0.0, width = 0.0, height = 0.0 }
/// extension Frame: PreferenceStorable {}
/// ```
///
/// A generic type opts in under the condition that makes it `Codable`. Swift does not let a
/// conformance depend on `Sendable`, so make the type `Sendable` for every parameter:
///
/// ```swift
/// struct Box<Payload: Sendable>: Sendable { var payload: Payload }
/// extension Box: Codable where Payload: Codable {}
/// extension Box: PreferenceStorable where Payload: Codable {}
/// ```
///
/// `RawRepresentable` types with a storable raw value need no conformance to be a key's value;
/// add one (again with no members) to use them inside arrays and dictionaries.
///
/// `Optional` deliberately does not conform: an optional key is declared as `Key<T?>("name")`,
/// defaults to nil, and removes its stored value when set to nil.
public protocol PreferenceStorable: Sendable {
    /// Creates a value from its stored form.
    ///
    /// - Parameter preferenceValue: The stored value.
    /// - Throws: ``PreferenceValueError`` when the stored value has another kind or is out of range.
    init(preferenceValue: PreferenceValue) throws

    /// The stored form of this value.
    ///
    /// - Throws: An error when the value cannot be represented (for example a failing `Encodable`).
    func preferenceValue() throws -> PreferenceValue
}

/// Why a stored value could not be turned into a key's type.
public enum PreferenceValueError: Error, Equatable, CustomStringConvertible {
    /// The stored value is of another kind than the key's type expects.
    case typeMismatch(expected: String, found: PreferenceValue)
    /// The stored number does not fit the key's integer or floating-point type.
    case outOfRange(expected: String, found: PreferenceValue)
    /// The stored value is of the right kind but not a valid value of the type (an unknown enum case, a bad URL).
    case invalidValue(expected: String, found: PreferenceValue)

    /// A sentence that names what was expected and what was found.
    public var description: String {
        switch self {
        case .typeMismatch(let expected, let found):
            "expected \(expected), found \(found.kindName) \(found.abbreviatedDescription)"
        case .outOfRange(let expected, let found):
            "\(found.abbreviatedDescription) is out of range for \(expected)"
        case .invalidValue(let expected, let found):
            "\(found.abbreviatedDescription) is not a valid \(expected)"
        }
    }
}

extension Bool: PreferenceStorable {
    /// Reads a stored ``PreferenceValue/bool(_:)``.
    public init(preferenceValue: PreferenceValue) throws {
        guard case .bool(let value) = preferenceValue else {
            throw PreferenceValueError.typeMismatch(expected: "Bool", found: preferenceValue)
        }
        self = value
    }
    /// Stores the value as ``PreferenceValue/bool(_:)``.
    public func preferenceValue() -> PreferenceValue { .bool(self) }
}

extension String: PreferenceStorable {
    /// Reads a stored ``PreferenceValue/string(_:)``.
    public init(preferenceValue: PreferenceValue) throws {
        guard case .string(let value) = preferenceValue else {
            throw PreferenceValueError.typeMismatch(expected: "String", found: preferenceValue)
        }
        self = value
    }
    /// Stores the value as ``PreferenceValue/string(_:)``.
    public func preferenceValue() -> PreferenceValue { .string(self) }
}

extension Data: PreferenceStorable {
    /// Reads stored ``PreferenceValue/data(_:)``, or a base64 string (as a hand-edited file holds it).
    public init(preferenceValue: PreferenceValue) throws {
        switch preferenceValue {
        case .data(let value): self = value
        case .string(let base64):
            guard let value = StrictText.data(base64: base64) else {
                throw PreferenceValueError.invalidValue(expected: "base64 Data", found: preferenceValue)
            }
            self = value
        default: throw PreferenceValueError.typeMismatch(expected: "Data", found: preferenceValue)
        }
    }
    /// Stores the value as ``PreferenceValue/data(_:)``.
    public func preferenceValue() -> PreferenceValue { .data(self) }
}

extension Date: PreferenceStorable {
    /// Reads a stored ``PreferenceValue/date(_:)``, or an ISO 8601 string (as a hand-edited file holds it).
    public init(preferenceValue: PreferenceValue) throws {
        switch preferenceValue {
        case .date(let value): self = value
        case .string(let text):
            guard let value = PreferenceDateFormat.date(from: text) else {
                throw PreferenceValueError.invalidValue(expected: "ISO 8601 Date", found: preferenceValue)
            }
            self = value
        default: throw PreferenceValueError.typeMismatch(expected: "Date", found: preferenceValue)
        }
    }
    /// Stores the value as ``PreferenceValue/date(_:)``.
    public func preferenceValue() -> PreferenceValue { .date(self) }
}

extension URL: PreferenceStorable {
    /// Reads a URL stored as its absolute string.
    public init(preferenceValue: PreferenceValue) throws {
        guard case .string(let string) = preferenceValue else {
            throw PreferenceValueError.typeMismatch(expected: "URL", found: preferenceValue)
        }
        guard let url = URL(string: string) else {
            throw PreferenceValueError.invalidValue(expected: "URL", found: preferenceValue)
        }
        self = url
    }
    /// Stores the URL whole, as its absolute string (scheme, host, query and fragment included).
    public func preferenceValue() -> PreferenceValue { .string(absoluteString) }
}
