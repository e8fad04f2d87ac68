internal import Prefs

/// What kind of value a key holds, as its property schema says: what decides its natural control and how text from a
/// control is read.
enum ValueKind: Sendable, Equatable {
    case bool, integer, double, string, date, data
    /// Arrays, dictionaries, `Codable` values, or anything (an empty schema).
    case structured

    /// The kind a property schema describes (`{"type": "integer"}`, `{"$ref": "#/$defs/date"}`); an enumeration's
    /// kind is its values' kind.
    init(schema: PreferenceValue) {
        let members = schema.members
        switch (members["type"], members["$ref"]) {
        case (.string("boolean")?, _): self = .bool
        case (.string("integer")?, _): self = .integer
        case (.string("number")?, _): self = .double
        case (.string("string")?, _): self = .string
        case (_, .string("#/$defs/double")?): self = .double
        case (_, .string("#/$defs/date")?): self = .date
        case (_, .string("#/$defs/data")?): self = .data
        default:
            guard case .array(let allowed)? = members["enum"], let first = allowed.first else {
                self = .structured
                return
            }
            self = ValueKind(of: first)
        }
    }

    /// The kind of one value.
    init(of value: PreferenceValue) {
        switch value {
        case .bool: self = .bool
        case .integer, .unsignedInteger: self = .integer
        case .double: self = .double
        case .string: self = .string
        case .date: self = .date
        case .data: self = .data
        case .array, .dictionary: self = .structured
        }
    }

    /// The control that edits values of this kind.
    var naturalControl: PreferenceControl {
        switch self {
        case .bool: .toggle
        case .integer: .integer
        case .double: .number
        case .string: .text
        case .date: .dateTime
        case .data, .structured: .json
        }
    }

    /// The type name shown for a key known only from a schema.
    var schemaTypeName: String {
        switch self {
        case .bool: "boolean"
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .structured: "value"
        }
    }
}
