public import Prefs

/// What edits one key, decided once for every face (the browser console, the SwiftUI `PreferencesForm`): its control,
/// bounds, allowed values, whether it is secret, and how text from the control becomes a value of the key, checked.
///
/// Made from a declared key, whose type checks every value by decoding it, or from the key's property in a JSON
/// Schema (`myapp prefs schema`), whose types, bounds and allowed values check it when no Swift type is at hand:
///
/// ```swift
/// let editor = PreferenceEditor(key: AnyPreferenceKey(\.launchCount))
/// editor.control                                   // .integer
/// let value = try editor.value(editing: "42", in: .integer)   // .integer(42), checked as an Int
/// ```
public struct PreferenceEditor: Sendable {
    /// The key's stored name.
    public let name: String
    /// The value's type: the Swift type's name for a declared key (`Int`, `Theme`), the schema's for a key known
    /// only from a schema (`integer`, `string`, `date`, `value`).
    public let typeName: String
    /// What the key is for, as its declaration or schema says.
    public let description: String?
    /// Whether the key is secret: its value is never shown, only whether it is set.
    public let isSecret: Bool
    /// The control that edits the key's values (see ``control(showing:)`` for the one that shows a given value).
    public let control: PreferenceControl
    /// The stored forms of the key's valid values, for enumerations; nil otherwise.
    public let allowedValues: [PreferenceValue]?
    /// The smallest valid whole number, for fixed-width integer types.
    public let minimum: PreferenceValue?
    /// The largest valid whole number, for fixed-width integer types.
    public let maximum: PreferenceValue?
    /// The stored form of the key's default; nil for an optional key or a secret.
    public let defaultValue: PreferenceValue?
    /// The key's property schema (JSON Schema, in the file's notation), which a JSON editor can show as a hint.
    public let schema: PreferenceValue
    /// What kind of value the key holds.
    let kind: ValueKind
    /// Checks a value as the key's type: by decoding it (a declared key), or against the schema.
    let check: @Sendable (PreferenceValue) throws -> Void

    /// The editor of a declared key: its controls come from the key's JSON Schema property, and each value is
    /// checked by decoding it as the key's type.
    ///
    /// - Parameter key: The key.
    public init(key: AnyPreferenceKey) {
        self.init(name: key.name, schema: key.schemaProperty, typeName: key.typeName) { value in
            try key.validate(value)
        }
    }

    /// The editor of a key known from its property in a JSON Schema of the preferences file
    /// (`Preferences.jsonSchema(of:store:title:)`); values are checked against that schema.
    ///
    /// - Parameters:
    ///   - name: The key's stored name (the property's name).
    ///   - schema: The property's schema, read with the file's notation (`{"$date": …}` is a date).
    public init(name: String, schema: PreferenceValue) {
        let definitions = AnyPreferenceKey.schemaDefinitions
        self.init(name: name, schema: schema, typeName: nil) { value in
            try SchemaCheck(definitions: definitions).check(value, against: schema)
        }
    }

    /// The editor of a key nothing is known about: any value, in JSON.
    ///
    /// - Parameter name: The key's stored name.
    /// - Returns: The editor.
    public static func untyped(name: String) -> PreferenceEditor {
        PreferenceEditor(name: name, schema: [:])
    }

    private init(
        name: String, schema: PreferenceValue, typeName: String?,
        check: @escaping @Sendable (PreferenceValue) throws -> Void
    ) {
        let members = schema.members
        let kind = ValueKind(schema: schema)
        self.name = name
        self.schema = schema
        self.kind = kind
        self.check = check
        self.typeName = typeName ?? kind.schemaTypeName
        self.isSecret = members["writeOnly"] == .bool(true)
        if case .string(let text)? = members["description"] { self.description = text } else { self.description = nil }
        if case .array(let allowed)? = members["enum"] {
            self.allowedValues = allowed
        } else {
            self.allowedValues = nil
        }
        self.minimum = members["minimum"]
        self.maximum = members["maximum"]
        self.defaultValue = isSecret ? nil : members["default"]
        self.control =
            if isSecret { .secret } else if allowedValues != nil { .choice } else { kind.naturalControl }
    }
}

extension PreferenceValue {
    /// A dictionary's members; empty for any other value.
    var members: [String: PreferenceValue] {
        if case .dictionary(let members) = self { members } else { [:] }
    }
}
