internal import Foundation
package import Prefs

/// How the tools write values: for people on one line, and as JSON in the file's format.
package enum ValueText {
    /// One line for people: numbers and Booleans as they are, a string as it is unless quotes are
    /// needed to see it (empty, surrounding spaces, control characters), dates in ISO 8601, data in
    /// base64, arrays and dictionaries as compact JSON.
    ///
    /// - Parameter value: The value; nil is shown as `nil`.
    /// - Returns: The text.
    package static func line(_ value: PreferenceValue?) -> String {
        guard let value else { return "nil" }
        switch value {
        case .string(let string):
            let needsQuotes =
                string.isEmpty || string.first!.isWhitespace || string.last!.isWhitespace
                || string.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            return needsQuotes ? json(value) : string
        case .array, .dictionary:
            return json(value)
        default:
            return plain(value)
        }
    }

    /// What `get` prints: a string exactly as it is, scalars as in ``line(_:)``, arrays and
    /// dictionaries as pretty-printed JSON, so that `$(prefs get key)` is the value itself.
    ///
    /// - Parameter value: The value.
    /// - Returns: The text.
    package static func plain(_ value: PreferenceValue) -> String {
        switch value {
        case .bool(let bool): String(bool)
        case .integer(let integer): String(integer)
        case .unsignedInteger(let integer): String(integer)
        case .double(let double): String(double)
        case .string(let string): string
        case .date(let date): PreferenceDateFormat.string(from: date)
        case .data(let data): data.base64EncodedString()
        case .array, .dictionary: json(value, pretty: true)
        }
    }

    /// The value as JSON in the preferences file's format (`{"$date": …}`, `{"$data": …}`).
    ///
    /// - Parameters:
    ///   - value: The value; nil is `null`.
    ///   - pretty: Whether to spread it over lines as in the file.
    /// - Returns: The JSON text.
    package static func json(_ value: PreferenceValue?, pretty: Bool = false) -> String {
        guard let value else { return "null" }
        return PreferenceJSON.text(of: value, pretty: pretty)
    }

    /// A Swift type name as people write it: `Optional<Date>` is `Date?`, `Array<Int>` is `[Int]`,
    /// `Dictionary<String, Double>` is `[String: Double]`.
    package static func typeName(_ name: String) -> String { TypeName.readable(name) }
}
