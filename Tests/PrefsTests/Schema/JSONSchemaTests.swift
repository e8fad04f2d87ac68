import Foundation
import Prefs
import PrefsTestSupport
import Testing

/// The JSON Schema of declared keys: its shape, and an independent validator (Python's `jsonschema`) agreeing with
/// Prefs' own reading of valid and invalid files.
@Suite struct JSONSchemaTests {
    static let keys = [
        AnyPreferenceKey(\.flag), AnyPreferenceKey(\.count), AnyPreferenceKey(\.name), AnyPreferenceKey(\.theme),
        AnyPreferenceKey(\.window), AnyPreferenceKey(\.lastOpened), AnyPreferenceKey(\.optionalTheme),
        AnyPreferenceKey(\.selections), AnyPreferenceKey(\.scores), AnyPreferenceKey(\.int8),
        AnyPreferenceKey(\.uint8), AnyPreferenceKey(\.double), AnyPreferenceKey(\.data), AnyPreferenceKey(\.date),
        AnyPreferenceKey(\.describedTheme), AnyPreferenceKey(\.secretToken), AnyPreferenceKey(\.secondStoreToken),
    ]

    static func schema(prefix: String = "") throws -> [String: Any] {
        let prefs = Preferences(store: InMemoryPreferenceStore(), keyPrefix: prefix)
        let data = prefs.jsonSchema(of: keys, title: "Test")
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theSchemaDescribesEachKeyInTheFilesNotation() throws {
        let schema = try Self.schema(prefix: "app.")
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["additionalProperties"] as? Bool == true)
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(properties["app.token"] == nil)  // another store
        #expect(properties["$schema"]?["type"] as? String == "string")
        #expect(properties["app.flag"]?["type"] as? String == "boolean")
        #expect(properties["app.theme"]?["enum"] as? [String] == ["system", "light", "dark"])
        #expect(properties["app.theme"]?["default"] as? String == "system")
        #expect(properties["app.optional_theme"]?["enum"] as? [String] == ["system", "light", "dark"])
        #expect(properties["app.int8"]?["minimum"] as? Int == -128)
        #expect(properties["app.int8"]?["maximum"] as? Int == 127)
        #expect(properties["app.double"]?["$ref"] as? String == "#/$defs/double")
        #expect(properties["app.last_opened"]?["$ref"] as? String == "#/$defs/date")
        #expect(properties["app.date"]?["default"] as? [String: String] == ["$date": "1970-01-01T00:00:00Z"])
        #expect(properties["app.data"]?["$ref"] as? String == "#/$defs/data")
        let window = try #require(properties["app.window"]?["properties"] as? [String: [String: Any]])
        #expect(Set(window.keys) == ["x", "y", "width", "height"])
        #expect((properties["app.selections"]?["items"] as? [String: Any])?["type"] as? String == "integer")
        #expect((properties["app.scores"]?["additionalProperties"] as? [String: Any])?["$ref"] != nil)
        #expect(properties["app.described_theme"]?["description"] as? String == "The app's colour scheme")
        #expect(properties["app.secret_token"]?["writeOnly"] as? Bool == true)
        #expect(properties["app.secret_token"]?["default"] == nil)
    }

    /// A sample member of the file, and whether Prefs reads it as a valid value of its key.
    struct Sample: CustomStringConvertible {
        let key: String
        let json: String
        let valid: Bool
        var description: String { "\(key): \(json)" }
    }

    static let samples: [Sample] = [
        .init(key: "flag", json: "true", valid: true), .init(key: "flag", json: #""yes""#, valid: false),
        .init(key: "count", json: "42", valid: true), .init(key: "count", json: "4.5", valid: false),
        .init(key: "count", json: #""42""#, valid: false), .init(key: "name", json: #""Ada""#, valid: true),
        .init(key: "name", json: "7", valid: false), .init(key: "theme", json: #""dark""#, valid: true),
        .init(key: "theme", json: #""purple""#, valid: false),
        .init(key: "optional_theme", json: #""light""#, valid: true),
        .init(key: "optional_theme", json: #""sepia""#, valid: false),
        .init(key: "window", json: #"{"x": 1.5, "y": 2, "width": 3.0, "height": 4.0}"#, valid: true),
        .init(key: "window", json: #"{"x": "left"}"#, valid: false),
        .init(key: "window", json: #"[1, 2]"#, valid: false),
        .init(key: "last_opened", json: #"{"$date": "2026-11-22T15:47:00.123Z"}"#, valid: true),
        .init(key: "last_opened", json: #"{"$date": "yesterday"}"#, valid: false),
        .init(key: "last_opened", json: "12", valid: false),
        .init(key: "date", json: #"{"$date": "2026-11-22T15:47:00+02:00"}"#, valid: true),
        .init(key: "selections", json: "[1, 2, 3]", valid: true),
        .init(key: "selections", json: #"[1, "two"]"#, valid: false),
        .init(key: "scores", json: #"{"a": 1.5, "b": 2, "c": {"$double": "nan"}}"#, valid: true),
        .init(key: "scores", json: #"{"a": "high"}"#, valid: false),
        .init(key: "int8", json: "127", valid: true), .init(key: "int8", json: "128", valid: false),
        .init(key: "uint8", json: "-1", valid: false), .init(key: "double", json: "1e-05", valid: true),
        .init(key: "double", json: #"{"$double": "-inf"}"#, valid: true),
        .init(key: "double", json: #"{"$double": "huge"}"#, valid: false),
        .init(key: "data", json: #"{"$data": "AQID"}"#, valid: true),
        .init(key: "data", json: #"{"$data": "not base64!"}"#, valid: false),
        .init(key: "data", json: #""AQID""#, valid: true), .init(key: "data", json: #""AQI""#, valid: false),
        .init(key: "last_opened", json: #""2026-11-22T15:47:00Z""#, valid: true),
        .init(key: "last_opened", json: #""2026-11-22""#, valid: false),
        .init(key: "secret_token", json: #""abc""#, valid: true),
    ]

    @Test func anIndependentValidatorAgreesWithPrefsOnEverySample() throws {
        let directory = try TemporaryDirectory()
        let schemaURL = directory.file("preferences.schema.json")
        try Preferences(store: InMemoryPreferenceStore()).jsonSchema(of: Self.keys).write(to: schemaURL)
        var documents: [URL] = []
        var prefsReadings: [Bool] = []
        for (index, sample) in Self.samples.enumerated() {
            let url = try directory.write(
                #"{"$schema": "preferences.schema.json", "\#(sample.key)": \#(sample.json)}"#,
                to: "sample-\(index).json")
            documents.append(url)
            let store = try FilePreferenceStore(url: url, watchesForChanges: false)
            let key = try #require(Self.keys.first { $0.name == sample.key })
            let stored = try #require(store.value(forKey: sample.key), "\(sample)")
            prefsReadings.append((try? key.validate(stored)) != nil)
            #expect(prefsReadings.last == sample.valid, "Prefs reads \(sample) unexpectedly")
        }
        let verdicts = try JSONSchemaValidator.validate(documents, against: schemaURL)
        for (index, sample) in Self.samples.enumerated() {
            #expect(verdicts[index] == prefsReadings[index], "the validator disagrees with Prefs on \(sample)")
        }
    }

    /// What `prefs doctor --schema` reads back: a key's former names are deprecated properties that name the key, and
    /// the record of migrations is a read-only property.
    @Test func formerNamesAndTheMigrationRecordAreDeclared() throws {
        let prefs = Preferences(store: InMemoryPreferenceStore(), keyPrefix: "app.")
        let data = prefs.jsonSchema(of: [AnyPreferenceKey(\.renamedTheme)])
        let schema = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        for former in ["app.app_theme", "app.old_theme"] {
            #expect(properties[former]?["deprecated"] as? Bool == true)
            let description = try #require(properties[former]?["description"] as? String)
            #expect(SchemaJSON.formerNameOwner(in: description) == "app.theme")
        }
        #expect(properties["app.prefs.migrations"]?["readOnly"] as? Bool == true)
        #expect(SchemaJSON.formerNameOwner(in: "The app's colour scheme") == nil)
    }
}
