package import Prefs

/// A property schema of a value's kind, as `Preferences.jsonSchema` writes one for a key of that type: what the
/// editor tests give generated values, so that each is shown in its kind's control.
package func propertySchema(ofKind value: PreferenceValue) -> PreferenceValue {
    switch value {
    case .bool: ["type": "boolean"]
    case .integer, .unsignedInteger: ["type": "integer"]
    case .double: ["$ref": "#/$defs/double"]
    case .string: ["type": "string"]
    case .date: ["$ref": "#/$defs/date"]
    case .data: ["$ref": "#/$defs/data"]
    case .array: ["type": "array"]
    case .dictionary: ["type": "object"]
    }
}
