internal import Prefs

/// Checks a value against a property schema of the preferences file (the JSON Schema subset Prefs writes: `type`,
/// `enum`, `minimum`, `maximum`, `properties`, `required`, `items`, `additionalProperties`, `anyOf`, and `$ref` into
/// the file's definitions), for keys known only from a schema. Anything else in a schema is not checked.
struct SchemaCheck {
    /// The document's `$defs`.
    let definitions: PreferenceValue

    /// Checks `value`.
    ///
    /// - Throws: ``PreferenceEditError`` (with an empty key) saying where and why the value does not match.
    func check(_ value: PreferenceValue, against schema: PreferenceValue, at path: String = "") throws {
        let members = schema.members
        if case .array(let allowed)? = members["enum"], !allowed.contains(value) {
            throw failure(path, "\(describe(value)) is not one of the allowed values")
        }
        if case .string(let reference)? = members["$ref"] {
            try checkReference(value, reference, at: path)
        }
        if case .string(let type)? = members["type"] {
            try checkType(value, type, schema: members, at: path)
        }
        if case .array(let alternatives)? = members["anyOf"],
            !alternatives.contains(where: { (try? check(value, against: $0, at: path)) != nil })
        {
            throw failure(path, "\(describe(value)) matches none of the forms the schema allows")
        }
    }

    private func checkReference(_ value: PreferenceValue, _ reference: String, at path: String) throws {
        switch (reference, value) {
        case ("#/$defs/date", .date), ("#/$defs/data", .data), ("#/$defs/double", .double): return
        case ("#/$defs/date", _): throw failure(path, "expected a date, found \(describe(value))")
        case ("#/$defs/data", _): throw failure(path, "expected data, found \(describe(value))")
        case ("#/$defs/double", _): throw failure(path, "expected a number, found \(describe(value))")
        default:
            let name = String(reference.dropFirst("#/$defs/".count))
            if reference.hasPrefix("#/$defs/"), let target = definitions.members[name] {
                try check(value, against: target, at: path)
            }
        }
    }

    private func checkType(
        _ value: PreferenceValue, _ type: String, schema: [String: PreferenceValue], at path: String
    ) throws {
        switch (type, value) {
        case ("boolean", .bool), ("string", .string), ("number", .double), ("number", .integer),
            ("number", .unsignedInteger):
            return
        case ("integer", .integer), ("integer", .unsignedInteger): return
        case ("array", .array(let elements)):
            guard let items = schema["items"] else { return }
            for (index, element) in elements.enumerated() {
                try check(element, against: items, at: "\(path)[\(index)]")
            }
        case ("object", .dictionary(let object)):
            try checkMembers(object, schema: schema, at: path)
        default:
            throw failure(
                path,
                "expected \(type == "object" ? "an object" : "a value of type \(type)"), found "
                    + describe(value))
        }
    }

    private func checkMembers(
        _ object: [String: PreferenceValue], schema: [String: PreferenceValue], at path: String
    )
        throws
    {
        let properties = schema["properties"]?.members ?? [:]
        if case .array(let required)? = schema["required"] {
            for case .string(let name) in required where object[name] == nil {
                throw failure(path, "the member '\(name)' is missing")
            }
        }
        for (name, member) in object.sorted(by: { $0.key < $1.key }) {
            let memberPath = path.isEmpty ? name : "\(path).\(name)"
            if let property = properties[name] {
                try check(member, against: property, at: memberPath)
            } else if schema["additionalProperties"] == .bool(false) {
                throw failure(path, "the member '\(name)' is not allowed")
            } else if let additional = schema["additionalProperties"], case .dictionary = additional {
                try check(member, against: additional, at: memberPath)
            }
        }
    }

    private func describe(_ value: PreferenceValue) -> String {
        "\(value.kindName) \(PreferenceJSON.text(of: value, pretty: false).prefix(80))"
    }

    private func failure(_ path: String, _ message: String) -> PreferenceEditError {
        PreferenceEditError(key: "", message: path.isEmpty ? message : "at \(path): \(message)")
    }
}
