internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand

/// `--schema FILE`: the app's JSON Schema (`myapp prefs schema`), which tells the tool which keys are secret.
struct SchemaOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The app's JSON Schema (from its `prefs schema` command): keys it marks secret (writeOnly) are shown as "
                + "<secret>.",
            valueName: "file"
        ),
        completion: .file()
    )
    var schema: String?

    /// The stored names the schema marks secret (`"writeOnly": true`); empty without a schema.
    ///
    /// - Throws: ``PrefsFailure`` when the schema cannot be read or is not a JSON Schema object.
    func secretNames() throws -> Set<String> {
        guard let schema else { return [] }
        return Set(
            try document(schema).properties.compactMap { name, property in
                guard case .dictionary(let members) = property, members["writeOnly"] == .bool(true) else { return nil }
                return name
            })
    }

    /// The keys the schema declares, as `doctor` checks them, and the names Prefs itself uses (properties marked
    /// `readOnly`: the record of migrations); nil without a schema. A property marked `deprecated` is a former name
    /// of the key its description names.
    ///
    /// - Throws: ``PrefsFailure`` when the schema cannot be read or is not a JSON Schema object.
    func declaredKeys() throws -> (keys: [Checkup.DeclaredKey], reserved: Set<String>)? {
        guard let schema else { return nil }
        let (properties, definitions) = try document(schema)
        let validator = SchemaValidator(definitions: definitions)
        var keys: [Checkup.DeclaredKey] = [], reserved: Set<String> = [], formerNames: [String: [String]] = [:]
        for (name, property) in properties where name != "$schema" {
            guard case .dictionary(let keywords) = property else { continue }
            if keywords["readOnly"] == .bool(true) {
                reserved.insert(name)
            } else if keywords["deprecated"] == .bool(true), case .string(let text)? = keywords["description"],
                let owner = SchemaJSON.formerNameOwner(in: text)
            {
                formerNames[owner, default: []].append(name)
            }
        }
        for (name, property) in properties.sorted(by: { $0.key < $1.key }) where name != "$schema" {
            guard case .dictionary(let keywords) = property, keywords["readOnly"] != .bool(true),
                keywords["deprecated"] != .bool(true)
            else { continue }
            let memberByMember = keywords["$comment"] == .string(SchemaJSON.memberByMemberComment)
            keys.append(
                Checkup.DeclaredKey(
                    storedName: name, typeName: Self.typeName(keywords), isSecret: keywords["writeOnly"] == .bool(true),
                    formerNames: formerNames[name] ?? []
                ) { value in
                    if validator.isValid(value, against: property) { return [] }
                    guard memberByMember, let members = validator.defaultedMembers(of: value, against: property) else {
                        return nil
                    }
                    return members
                })
        }
        return (keys, reserved)
    }

    /// The schema's properties and definitions.
    private func document(
        _ schema: String
    ) throws -> (properties: [String: PreferenceValue], definitions: [String: PreferenceValue]) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: schema))
        } catch {
            throw PrefsFailure(.inaccessibleFile, "cannot read the schema \(schema): \(error.localizedDescription)")
        }
        // Read as plain JSON (the schema's `{"$ref": …}` and `{"$date": …}` defaults are not the file's marks).
        guard case .dictionary(let document)? = try? JSONDecoder().decode(PlainJSON.self, from: data).value,
            case .dictionary(let properties)? = document["properties"]
        else {
            throw PrefsFailure(.corruptFile, "\(schema) is not a JSON Schema with \"properties\" (see `prefs schema`)")
        }
        guard case .dictionary(let definitions)? = document["$defs"] else { return (properties, [:]) }
        return (properties, definitions)
    }

    /// The type a property's schema names, for people.
    private static func typeName(_ keywords: [String: PreferenceValue]) -> String {
        if case .string(let type)? = keywords["type"] { return type }
        if case .string(let reference)? = keywords["$ref"] { return String(reference.split(separator: "/").last ?? "") }
        return "value"
    }
}

/// A JSON document as a plain tree, read without the preferences file's marks (a schema's `{"$ref": …}` is an object
/// like any other): Booleans, integers that fit, other numbers as doubles.
private struct PlainJSON: Decodable {
    let value: PreferenceValue

    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Name.self) {
            var members: [String: PreferenceValue] = [:]
            for name in object.allKeys {
                members[name.stringValue] = try object.decode(PlainJSON.self, forKey: name).value
            }
            value = .dictionary(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [PreferenceValue] = []
            while !array.isAtEnd { elements.append(try array.decode(PlainJSON.self).value) }
            value = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if let bool = try? single.decode(Bool.self) {
                value = .bool(bool)
            } else if let integer = try? single.decode(Int64.self) {
                value = .integer(integer)
            } else if let integer = try? single.decode(UInt64.self) {
                value = .unsigned(integer)
            } else if let double = try? single.decode(Double.self) {
                value = .double(double)
            } else if let string = try? single.decode(String.self) {
                value = .string(string)
            } else {
                value = .array([])  // null: no keyword of a schema is null
            }
        }
    }
}
