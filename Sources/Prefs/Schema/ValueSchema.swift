internal import Foundation

/// The JSON Schema of one key's value in the preferences file's own notation: what Prefs writes, and reads back.
///
/// Derived from the stored form of the key's default value (its shape, as far as a tree shows it: a `Codable`
/// value's members, an array's elements), or, for an optional key, by asking the key which forms it reads. Text that
/// Prefs reads as a date, a UUID or data is described by a pattern that accepts exactly what Prefs reads
/// (`JSONSchemaGeneratedTextTests` checks it against Python's `jsonschema` with generated texts); what a pattern
/// cannot say is written into the kind's `description`: a date's seconds beyond a `Double`'s range, and a URL's
/// syntax, which is the platform's. A `UUID` or `URL` member of a `Codable` value is described as text.
enum ValueSchema {
    /// Reusable definitions the value schemas refer to with `$ref`.
    static let definitions: PreferenceValue = [
        "date": textOrMarkedText(
            "$date", pattern: datePattern,
            description: "A date: ISO 8601 (RFC 3339) of a day that exists and a time without a leap second, or "
                + "seconds since 2001-01-01T00:00:00Z as a JSON number within a Double's range (the pattern does not "
                + "check the range). Prefs writes it as {\"$date\": …}, and reads the text alone too, as a hand edit "
                + "may hold it."
        ),
        "uuid": [
            "description": "A UUID: 32 hexadecimal digits in groups of 8, 4, 4, 4 and 12, in either case.",
            "type": "string", "pattern": .string(uuidPattern),
        ],
        "url": [
            "description": .string(
                "A URL, as the platform's URL(string:) reads it: this schema does not check its syntax, whose rules "
                    + "differ between platforms."),
            "type": "string",
        ],
        "data": textOrMarkedText(
            "$data", pattern: base64Pattern,
            description: "Bytes in base64. Prefs writes them as {\"$data\": …}, and reads the text alone too."
        ),
        "double": [
            "description": "A number with or without a fraction, or one JSON cannot write.",
            "anyOf": [
                ["type": "number"],
                [
                    "type": "object",
                    "properties": ["$double": ["enum": ["nan", "inf", "-inf", "-0"]]],
                    "required": ["$double"],
                    "additionalProperties": false,
                ],
            ],
        ],
    ]

    /// Text matching `pattern`, alone or as the one member `marker` of an object (`{"$date": "…"}`).
    private static func textOrMarkedText(_ marker: String, pattern: String, description: String) -> PreferenceValue {
        let text: PreferenceValue = ["type": "string", "pattern": .string(pattern)]
        let marked: PreferenceValue = [
            "type": "object", "properties": .dictionary([marker: text]), "required": [.string(marker)],
            "additionalProperties": false,
        ]
        return ["description": .string(description), "anyOf": [marked, text]]
    }

    /// The two text forms of a date that ``PreferenceDateFormat`` reads: ISO 8601 of a day that exists (February
    /// 29th in leap years only, the proleptic Gregorian calendar's) and a time from 00:00:00 to 23:59:59, with an
    /// offset below 24 hours; or seconds since the reference date in JSON's number grammar.
    static let datePattern: String = {
        let leapYear = "([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[048]|[2468][048]|[13579][26])00)"
        let monthAndDay =
            "((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)"
            + "|02-(0[1-9]|1[0-9]|2[0-8]))"
        let date = "([0-9]{4}-\(monthAndDay)|\(leapYear)-02-29)"
        let time = "[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])"
        let seconds = "-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)? seconds since 2001-01-01T00:00:00Z"
        return "^(\(date)\(time)|\(seconds))$"
    }()
    /// A UUID as `UUID(uuidString:)` reads it.
    static let uuidPattern = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
    /// Base64 as `Data(base64Encoded:)` reads it: groups of four, padded.
    static let base64Pattern = #"^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"#

    /// The schema of a stored value's shape.
    ///
    /// - Parameters:
    ///   - value: The stored value (a default).
    ///   - typeName: The Swift type's name, which tells a dictionary from a `Codable` value and gives integer bounds.
    /// - Returns: The schema.
    static func schema(of value: PreferenceValue, typeName: String) -> PreferenceValue {
        switch value {
        case .bool: return ["type": "boolean"]
        case .integer, .unsignedInteger: return integer(typeName)
        case .double: return ["$ref": "#/$defs/double"]
        case .string:
            switch typeName {
            case "UUID": return ["$ref": "#/$defs/uuid"]
            case "URL": return ["$ref": "#/$defs/url"]
            default: return ["type": "string"]
            }
        case .date: return ["$ref": "#/$defs/date"]
        case .data: return ["$ref": "#/$defs/data"]
        case .array(let elements):
            var schema: [String: PreferenceValue] = ["type": "array"]
            let elementType = TypeName.arguments(of: typeName).first ?? ""
            if let items = common(elements.map { Self.schema(of: $0, typeName: elementType) }) {
                schema["items"] = items
            }
            return .dictionary(schema)
        case .dictionary(let members):
            var schema: [String: PreferenceValue] = ["type": "object"]
            let arguments = TypeName.arguments(of: typeName)
            if TypeName.base(of: typeName).hasSuffix("Dictionary"), arguments.count == 2 {
                if let values = common(members.values.map { Self.schema(of: $0, typeName: arguments[1]) }) {
                    schema["additionalProperties"] = values
                }
            } else if !members.isEmpty {
                schema["properties"] = .dictionary(members.mapValues { Self.schema(of: $0, typeName: "") })
            }
            return .dictionary(schema)
        }
    }

    /// An object's schema with the `default` of each of its properties, and of theirs, from a default's tree.
    ///
    /// - Parameters:
    ///   - schema: The schema of the object.
    ///   - defaults: The object's default.
    /// - Returns: The schema with the defaults.
    static func withMemberDefaults(_ schema: PreferenceValue, from defaults: PreferenceValue) -> PreferenceValue {
        guard case .dictionary(var members) = schema, case .dictionary(var properties)? = members["properties"],
            case .dictionary(let defaultMembers) = defaults
        else { return schema }
        for (name, property) in properties {
            guard let defaultMember = defaultMembers[name] else { continue }
            var withDefault = withMemberDefaults(property, from: defaultMember)
            if case .dictionary(var propertyMembers) = withDefault {
                propertyMembers["default"] = SchemaJSON.fileNotation(defaultMember)
                withDefault = .dictionary(propertyMembers)
            }
            properties[name] = withDefault
        }
        members["properties"] = .dictionary(properties)
        return .dictionary(members)
    }

    /// The schema of an optional key's value, found by asking the key which forms of the file it reads: one sample
    /// of each kind, and for arrays, arrays of one sample of each scalar kind.
    ///
    /// - Parameter key: The key.
    /// - Returns: The schema; `{}` (anything) when no sample reads.
    static func schema(probing key: AnyPreferenceKey) -> PreferenceValue {
        let wrapped = TypeName.unwrappingOptional(key.typeName)
        let reads = { (value: PreferenceValue) in (try? key.validate(value)) != nil }
        var kinds = scalarSchemas(probing: key, typeName: wrapped) { $0 }
        if reads(.array([])) {
            var array: [String: PreferenceValue] = ["type": "array"]
            array["items"] = common(scalarSchemas(probing: key, typeName: "") { .array([$0]) })
            kinds.append(.dictionary(array))
        }
        if reads(.dictionary([:])) || isMissingMembers(key) { kinds.append(["type": "object"]) }
        switch kinds.count {
        case 0: return [:]
        case 1: return kinds[0]
        default: return ["anyOf": .array(kinds)]
        }
    }

    /// The schema of the elements of a collection whose default is empty, found by asking the key which scalar
    /// elements it reads; nil when it reads none, or several kinds.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - collection: A collection holding one element.
    /// - Returns: The schema of the elements, or nil.
    static func elementSchema(
        probing key: AnyPreferenceKey, in collection: (PreferenceValue) -> PreferenceValue
    ) -> PreferenceValue? {
        let elementType = TypeName.arguments(of: TypeName.unwrappingOptional(key.typeName)).last ?? ""
        let kinds = scalarSchemas(probing: key, typeName: elementType, in: collection)
        return kinds.count == 1 ? kinds[0] : nil
    }

    /// The schemas of the scalar kinds the key reads in `collection` (a number read as a double, not also as an
    /// integer).
    private static func scalarSchemas(
        probing key: AnyPreferenceKey, typeName: String, in collection: (PreferenceValue) -> PreferenceValue
    ) -> [PreferenceValue] {
        var kinds: [PreferenceValue] = []
        for sample in scalarSamples where (try? key.validate(collection(sample))) != nil {
            let kind = schema(of: sample, typeName: typeName)
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        if kinds.contains(["$ref": "#/$defs/double"]) { kinds.removeAll { $0 == integer(typeName) } }
        return kinds
    }

    /// One value of each scalar kind the file holds (two texts: any text, and one a `UUID` reads).
    private static let scalarSamples: [PreferenceValue] = [
        .bool(true), .integer(1), .double(0.5), .string("x"), .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        .date(.init(timeIntervalSinceReferenceDate: 0)), .data(.init([1])),
    ]

    /// Whether the key reads objects, but not an empty one: a `Codable` value whose members are required.
    private static func isMissingMembers(_ key: AnyPreferenceKey) -> Bool {
        do {
            try key.validate(.dictionary([:]))
            return false
        } catch DecodingError.keyNotFound {
            return true
        } catch {
            return false
        }
    }

    /// The one schema every element has, or nil when they differ or there are none.
    private static func common(_ schemas: [PreferenceValue]) -> PreferenceValue? {
        guard let first = schemas.first, schemas.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// An integer, with the bounds of a fixed-width type.
    private static func integer(_ typeName: String) -> PreferenceValue {
        let bounds: (PreferenceValue, PreferenceValue)? =
            switch typeName {
            case "Int8": (.integer(Int64(Int8.min)), .integer(Int64(Int8.max)))
            case "Int16": (.integer(Int64(Int16.min)), .integer(Int64(Int16.max)))
            case "Int32": (.integer(Int64(Int32.min)), .integer(Int64(Int32.max)))
            case "Int", "Int64": (.integer(Int64.min), .integer(Int64.max))
            case "UInt8": (0, .integer(Int64(UInt8.max)))
            case "UInt16": (0, .integer(Int64(UInt16.max)))
            case "UInt32": (0, .integer(Int64(UInt32.max)))
            case "UInt", "UInt64": (0, .unsignedInteger(UInt64.max))
            default: nil
            }
        guard let (minimum, maximum) = bounds else { return ["type": "integer"] }
        return ["type": "integer", "minimum": minimum, "maximum": maximum]
    }
}
