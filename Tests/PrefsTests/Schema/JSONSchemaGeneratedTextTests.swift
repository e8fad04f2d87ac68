import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    var uuid: Key<UUID> { Key("uuid", default: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))) }
    var optionalUUID: Key<UUID?> { Key("optional_uuid") }
    var uuids: Key<[UUID]> { Key("uuids", default: []) }
}

/// For each kind of value the file holds as text (UUIDs, dates, data, URLs), generated texts, valid and near misses,
/// get the same verdict from an independent JSON Schema validator (Python's `jsonschema`) as from Prefs' own
/// decoding: the schema says what Prefs reads. Where a schema cannot say it, the exception is written into the
/// kind's `description` in the schema and listed here (``exceptions``).
@Suite struct JSONSchemaGeneratedTextTests {
    /// A kind of text, the keys that hold it, and how to make valid texts and near misses of it.
    struct Kind: Sendable {
        let name: String
        /// Keys of this kind, with the JSON of a value holding one text (`"…"`, `{"$date": "…"}`, `["…"]`).
        let keys: [(key: AnyPreferenceKey, wrap: @Sendable (String) -> String)]
        let valid: @Sendable (inout PreferenceValueGenerator) -> String
        /// Characters a mutation inserts or puts in place of another (never a line break: see ``generatedTexts``).
        let alphabet: [Character]
        /// Texts at the edges of the kind, checked in every run.
        let edges: [String]
    }

    /// What the schema cannot say, by kind: each is written into the kind's description in the schema, and a text
    /// it covers may get different verdicts.
    static let exceptions: [(kind: String, inDescription: String, covers: @Sendable (String) -> Bool)] = [
        (
            "date", "within a Double's range",
            { $0.hasSuffix(secondsSuffix) && Double($0.dropLast(secondsSuffix.count))?.isFinite == false }
        ),
        ("url", "does not check its syntax", { _ in true }),
    ]

    static let secondsSuffix = PreferenceDateFormat.secondsSuffix
    static let quoted: @Sendable (String) -> String = { jsonString($0) }
    static let inArray: @Sendable (String) -> String = { "[\(jsonString($0))]" }
    static let markedDate: @Sendable (String) -> String = { #"{"$date": \#(jsonString($0))}"# }
    static let markedData: @Sendable (String) -> String = { #"{"$data": \#(jsonString($0))}"# }

    static let kinds: [Kind] = [
        Kind(
            name: "uuid",
            keys: [
                (AnyPreferenceKey(\.uuid), quoted), (AnyPreferenceKey(\.optionalUUID), quoted),
                (AnyPreferenceKey(\.uuids), inArray),
            ],
            valid: { generator in
                let text = UUID(uuid: uuidBytes(&generator)).uuidString
                return generator.chance(0.5) ? text.lowercased() : text
            },
            alphabet: Array("0123456789abcdefABCDEFgG-{} x"),
            edges: [
                "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "not-a-uuid", "",
                "E621E1F8C36C495A93FC0C247A3E6E5F", "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
            ]
        ),
        Kind(
            name: "date",
            keys: [
                (AnyPreferenceKey(\.date), quoted), (AnyPreferenceKey(\.date), markedDate),
                (AnyPreferenceKey(\.lastOpened), quoted),
            ],
            valid: validDate,
            alphabet: Array("0123456789-:.+TtZze seconds"),
            edges: [
                "2026-02-30T00:00:00Z", "2016-12-31T23:59:60Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
                "2026-01-00T00:00:00Z", "2026-04-31T00:00:00Z", "2026-01-31T00:00:00Z", "2024-02-29T00:00:00Z",
                "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "0000-02-29T00:00:00Z",
                "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T12:00:00+23:59",
                "2026-01-01T12:00:00-24:00", "2026-01-01T12:00:00.Z", "2026-01-01t12:00:00.000000001z",
                "2026-01-01T12:00:00+0200", "2026-01-01", "1e400 seconds since 2001-01-01T00:00:00Z",
                "-1.5e+300 seconds since 2001-01-01T00:00:00Z", "-0 seconds since 2001-01-01T00:00:00Z",
                "01 seconds since 2001-01-01T00:00:00Z", ".5 seconds since 2001-01-01T00:00:00Z",
                "1. seconds since 2001-01-01T00:00:00Z", " seconds since 2001-01-01T00:00:00Z",
                "nan seconds since 2001-01-01T00:00:00Z",
            ]
        ),
        Kind(
            name: "data",
            keys: [
                (AnyPreferenceKey(\.data), quoted), (AnyPreferenceKey(\.data), markedData),
            ],
            valid: { generator in
                Data(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }
                )
                .base64EncodedString()
            },
            alphabet: Array("ABCXYZabcxyz0189+/=-_ "),
            edges: ["", "AQID", "AQI=", "AQ==", "AQJ=", "AQ=", "A===", "=AQI", "AQ ID", "AQI"]
        ),
        Kind(
            name: "url",
            keys: [(AnyPreferenceKey(\.url), quoted), (AnyPreferenceKey(\.optionalURL), quoted)],
            valid: { generator in generator.pick(["https://example.com/a?b=1#f", "file:///tmp/x", "mailto:a@b.c"]) },
            alphabet: Array("a:/?#[]@%20 \"<>\\é"),
            edges: ["", "a b", "ht tp://x", "http://[::1]", "%zz"]
        ),
    ]

    @Test func anIndependentValidatorAndPrefsGiveEachGeneratedTextTheSameVerdict() throws {
        var generator = PreferenceValueGenerator(seed: PreferenceValueGenerator.environmentSeed)
        let replay = generator.replayCommand(
            filter: "anIndependentValidatorAndPrefsGiveEachGeneratedTextTheSameVerdict")
        let keys = Self.kinds.flatMap { $0.keys.map(\.key) }
        let prefs = Preferences(store: InMemoryPreferenceStore())
        let schema = prefs.jsonSchema(of: keys)
        let definitions = try #require(
            (try JSONSerialization.jsonObject(with: schema) as? [String: Any])?["$defs"] as? [String: [String: Any]])
        for exception in Self.exceptions {
            let description = definitions[exception.kind]?["description"] as? String ?? ""
            #expect(description.contains(exception.inDescription), "the schema does not say \(exception)")
        }

        var samples: [(kind: String, text: String, document: String, prefs: Bool)] = []
        for kind in Self.kinds {
            for text in Self.generatedTexts(of: kind, using: &generator) {
                for (key, wrap) in kind.keys {
                    let document = #"{"\#(key.name)": \#(wrap(text))}"#
                    let members = try PreferenceJSON.decode(Data(document.utf8))
                    let value = try #require(members[key.name], "\(document)")
                    samples.append((kind.name, text, document, (try? key.validate(value)) != nil))
                }
            }
        }
        let directory = try TemporaryDirectory()
        let schemaURL = directory.file("preferences.schema.json")
        try schema.write(to: schemaURL)
        let verdicts = try JSONSchemaValidator.validate(instances: samples.map(\.document), against: schemaURL)
        var disagreements: [String: Int] = [:]
        for (sample, valid) in zip(samples, verdicts) where valid != sample.prefs {
            if Self.exceptions.contains(where: { $0.kind == sample.kind && $0.covers(sample.text) }) { continue }
            disagreements[sample.kind, default: 0] += 1
            if disagreements[sample.kind]! <= 5 {
                let verdicts =
                    "the validator says \(valid ? "valid" : "invalid"), Prefs \(sample.prefs ? "reads" : "refuses")"
                Issue.record("\(sample.document): \(verdicts) it; \(replay)")
            }
        }
        #expect(disagreements.isEmpty, "disagreements by kind, of \(samples.count) texts: \(disagreements); \(replay)")
        #expect(samples.count >= 4 * 100)
    }

    /// The kind's edges, then generated texts: valid ones and near misses (one to three edits of a valid one). No
    /// text holds a line break: Python's `re` lets `$` match before a final one, where ECMA-262 (JSON Schema's
    /// dialect, and editors') does not.
    static func generatedTexts(of kind: Kind, using generator: inout PreferenceValueGenerator) -> [String] {
        var texts = kind.edges
        for _ in 0..<PreferenceValueGenerator.caseCount(100) {
            var text = Array(kind.valid(&generator))
            if generator.chance(0.6) {
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let position = text.isEmpty ? 0 : Int.random(in: 0..<text.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0 where !text.isEmpty: text[position] = generator.pick(kind.alphabet)
                    case 1 where !text.isEmpty: text.remove(at: position)
                    default: text.insert(generator.pick(kind.alphabet), at: position)
                    }
                }
            }
            texts.append(String(text))
        }
        return texts
    }

    /// A date's text as Prefs writes it, or as a person might: an offset, lower case, a fraction, the seconds form.
    static func validDate(_ generator: inout PreferenceValueGenerator) -> String {
        if generator.chance(0.15) {
            let seconds = generator.pick([
                Double.random(in: -1e6...1e6, using: &generator), Double(Int.random(in: -999...999, using: &generator)),
                Double.random(in: 1e20...1e300, using: &generator),
            ])
            return "\(seconds)" + PreferenceDateFormat.secondsSuffix
        }
        // 0000-01-01 to 9999-12-31, with a day in February 28th–29th or at a month's end more often than by chance.
        let seconds = Double.random(in: -63_113_904_000...252_423_993_599, using: &generator)
        var text = PreferenceDateFormat.string(from: Date(timeIntervalSinceReferenceDate: seconds))
        if generator.chance(0.3) {
            let day: String = generator.pick(["28", "29", "30", "31"])
            text = String(text.prefix(8)) + day + String(text.dropFirst(10))
        }
        if generator.chance(0.3) {
            let zone: String = generator.pick(["+02:00", "-11:30", "z"])
            text = String(text.dropLast()) + zone
        }
        if generator.chance(0.2) { text = text.replacingOccurrences(of: "T", with: "t") }
        return text
    }

    static func uuidBytes(_ generator: inout PreferenceValueGenerator) -> uuid_t {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        return (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
    }

    /// A string as JSON text.
    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}
