extension AnyPreferenceKey {
    /// The key's property schema, as ``Preferences/jsonSchema(of:store:title:)`` writes it under the key's name: its
    /// value's schema in the file's notation, default, allowed values, description and `writeOnly` for a secret.
    /// `package` so that the editor model derives a declared key's editor from the same schema `prefs serve` reads.
    package var schemaProperty: PreferenceValue { Preferences.schema(of: self) }

    /// The definitions the property schemas refer to with `$ref` (`#/$defs/date`, `#/$defs/data`, `#/$defs/double`).
    package static var schemaDefinitions: PreferenceValue { ValueSchema.definitions }
}
