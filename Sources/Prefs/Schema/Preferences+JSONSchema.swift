public import Foundation

extension Preferences {
    /// A JSON Schema (draft 2020-12) of one store's declared keys in the preferences file, so that an editor that
    /// understands JSON Schema (VS Code, JetBrains IDEs) checks and completes hand edits of the file.
    ///
    /// ```swift
    /// try prefs.jsonSchema(of: [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.window)])
    ///     .write(to: URL(fileURLWithPath: "preferences.schema.json"))
    /// ```
    ///
    /// Point the file at it with a top-level `"$schema": "preferences.schema.json"` member, which the file store
    /// keeps. Each key is a property (named with the container's prefix) whose schema is its type in the file's own
    /// notation: `{"$date": …}`, `{"$data": …}`, integers and numbers, a `Codable` value's members as far as its
    /// default shows them; with its `default` (and, for a key read member by member, each member's), its allowed values (`enum`, for `CaseIterable` types), its
    /// ``PreferenceKeys/Key/description``, and `writeOnly` for a secret key. A key's former names are properties marked
    /// `deprecated`, and the store's record of migrations (``migrationRecordName``) one marked `readOnly`, so that
    /// `prefs doctor --schema` counts them as declared. Other properties are allowed: the file may hold keys of other
    /// versions of the app.
    ///
    /// - Parameters:
    ///   - keys: The declared keys.
    ///   - store: The store whose keys the schema describes; keys of other stores are left out.
    ///   - title: The schema's title.
    /// - Returns: The schema, as pretty-printed JSON.
    public func jsonSchema(
        of keys: [AnyPreferenceKey], store: PreferenceStoreID = .default, title: String = "Preferences"
    ) -> Data {
        var properties: [String: PreferenceValue] = [
            PreferenceJSON.schemaMember: [
                "description": "The JSON Schema of this file, for editors; Prefs keeps it and never reads it as a key.",
                "type": "string",
            ]
        ]
        properties[keyPrefix + Self.migrationRecordName] = [
            "description": "The versioned migrations that ran in this store (Prefs' own record, see migrate(_:)).",
            "type": "array", "items": ["type": "string"], "readOnly": true,
        ]
        for key in keys where key.storeID == store {
            for formerName in key.formerNames where properties[keyPrefix + formerName] == nil {
                properties[keyPrefix + formerName] = [
                    "description": .string(SchemaJSON.formerNameDescription(of: keyPrefix + key.name)),
                    "deprecated": true,
                ]
            }
        }
        for key in keys where key.storeID == store {
            properties[keyPrefix + key.name] = Self.schema(of: key)
        }
        let document: PreferenceValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": .string(title),
            "type": "object",
            "properties": .dictionary(properties),
            "additionalProperties": true,
            "$defs": ValueSchema.definitions,
        ]
        return Data((SchemaJSON.text(of: document) + "\n").utf8)
    }

    /// One key's property schema: its value's schema, with its default, allowed values, description and secrecy.
    static func schema(of key: AnyPreferenceKey) -> PreferenceValue {
        let value = key.defaultValue.map { ValueSchema.schema(of: $0, typeName: key.typeName) }
        guard case .dictionary(var schema) = value ?? ValueSchema.schema(probing: key) else { return [:] }
        switch key.defaultValue {
        case .array([])?: schema["items"] = ValueSchema.elementSchema(probing: key) { .array([$0]) }
        case .dictionary(let members)? where members.isEmpty:
            schema["additionalProperties"] = ValueSchema.elementSchema(probing: key) { .dictionary(["key": $0]) }
        default: break
        }
        if let description = key.description { schema["description"] = .string(description) }
        if let defaultValue = key.defaultValue, !key.isSecret {
            schema["default"] = SchemaJSON.fileNotation(defaultValue)
            if key.decodesMemberByMember,
                case .dictionary(let withDefaults) = ValueSchema.withMemberDefaults(
                    .dictionary(schema), from: defaultValue)
            {
                schema = withDefaults
                schema["$comment"] = .string(SchemaJSON.memberByMemberComment)
            }
        }
        if let allowed = key.allowedValues { schema["enum"] = .array(allowed.map(SchemaJSON.fileNotation)) }
        if key.isSecret { schema["writeOnly"] = true }
        return .dictionary(schema)
    }
}
