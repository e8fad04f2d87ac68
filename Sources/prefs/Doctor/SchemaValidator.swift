internal import Foundation
internal import Prefs

/// Checks values against the JSON Schema that `Preferences.jsonSchema(of:store:title:)` writes (draft 2020-12), in the
/// file's notation: the keywords that schema uses (`type`, `enum`, `minimum`, `maximum`, `pattern`, `properties`,
/// `required`, `additionalProperties`, `items`, `anyOf`, `$ref` into `$defs`); the others are annotations.
struct SchemaValidator {
    /// The schema's `$defs`.
    let definitions: [String: PreferenceValue]

    /// Whether a stored value is valid under a property's schema.
    func isValid(_ value: PreferenceValue, against schema: PreferenceValue) -> Bool {
        check(SchemaJSON.fileNotation(value), schema)
    }

    /// How a stored object reads under the schema of a key read member by member: the members that are missing (and
    /// have a default) or are not valid; nil when the value is not an object the schema describes.
    func defaultedMembers(
        of value: PreferenceValue, against schema: PreferenceValue
    ) -> [PreferenceDefaultedMember]? {
        let notation = SchemaJSON.fileNotation(value)
        guard case .dictionary(let members) = notation, case .dictionary(let keywords) = schema,
            case .dictionary(let properties)? = keywords["properties"]
        else { return nil }
        return defaulted(members, properties, at: [])
    }

    private func defaulted(
        _ members: [String: PreferenceValue], _ properties: [String: PreferenceValue], at path: [String]
    ) -> [PreferenceDefaultedMember] {
        var found: [PreferenceDefaultedMember] = []
        for name in Set(properties.keys).union(members.keys).sorted() {
            guard let property = properties[name] else { continue }  // an unknown member is ignored
            guard let member = members[name] else {
                if case .dictionary(let keywords) = property, keywords["default"] != nil {
                    found.append(PreferenceDefaultedMember(path: path + [name], reason: .missing))
                }
                continue
            }
            if check(member, property) { continue }
            if case .dictionary(let nested) = member, case .dictionary(let keywords) = property,
                case .dictionary(let nestedProperties)? = keywords["properties"]
            {
                found += defaulted(nested, nestedProperties, at: path + [name])
            } else {
                found.append(PreferenceDefaultedMember(path: path + [name], reason: .invalid))
            }
        }
        return found
    }

    private func check(_ value: PreferenceValue, _ schema: PreferenceValue) -> Bool {
        guard case .dictionary(let keywords) = schema else { return schema != .bool(false) }
        if case .string(let reference)? = keywords["$ref"] {
            let prefix = "#/$defs/"
            guard reference.hasPrefix(prefix), let definition = definitions[String(reference.dropFirst(prefix.count))],
                check(value, definition)
            else { return false }
        }
        if case .array(let alternatives)? = keywords["anyOf"], !alternatives.contains(where: { check(value, $0) }) {
            return false
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(where: { Self.equal($0, value) }) {
            return false
        }
        if let type = keywords["type"], !Self.hasType(value, type) { return false }
        if let number = Self.number(value) {
            if let minimum = keywords["minimum"].flatMap(Self.number), number < minimum { return false }
            if let maximum = keywords["maximum"].flatMap(Self.number), number > maximum { return false }
        }
        if case .string(let pattern)? = keywords["pattern"], case .string(let text) = value,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            return false
        }
        if case .dictionary(let members) = value {
            let properties: [String: PreferenceValue]
            if case .dictionary(let declared)? = keywords["properties"] {
                properties = declared
            } else {
                properties = [:]
            }
            if case .array(let required)? = keywords["required"],
                required.contains(where: { if case .string(let name) = $0 { members[name] == nil } else { false } })
            {
                return false
            }
            for (name, member) in members {
                if let property = properties[name] {
                    guard check(member, property) else { return false }
                } else if let additional = keywords["additionalProperties"], !check(member, additional) {
                    return false
                }
            }
        }
        if case .array(let elements) = value, let items = keywords["items"], !elements.allSatisfy({ check($0, items) })
        {
            return false
        }
        return true
    }

    /// Whether a value has one of the JSON types `type` names (an integer is a number; a number with no fraction is
    /// an integer, as JSON Schema says).
    private static func hasType(_ value: PreferenceValue, _ type: PreferenceValue) -> Bool {
        let names: [String]
        switch type {
        case .string(let name): names = [name]
        case .array(let list): names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default: return true
        }
        return names.contains { name in
            switch (name, value) {
            case ("boolean", .bool), ("string", .string), ("array", .array), ("object", .dictionary): true
            case ("number", .integer), ("number", .unsignedInteger), ("number", .double): true
            case ("integer", .integer), ("integer", .unsignedInteger): true
            case ("integer", .double(let double)): double.isFinite && double.rounded() == double
            case ("null", _): false
            default: false
            }
        }
    }

    private static func number(_ value: PreferenceValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .unsignedInteger(let integer): Double(integer)
        case .double(let double): double
        default: nil
        }
    }

    /// JSON equality: numbers by value, the rest as stored.
    private static func equal(_ lhs: PreferenceValue, _ rhs: PreferenceValue) -> Bool {
        if let left = number(lhs), let right = number(rhs) { return left == right }
        return lhs == rhs
    }
}
