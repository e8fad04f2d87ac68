import Foundation
import HTTPTypes
import HummingbirdTesting
import Prefs
import PrefsEditors
import PrefsTestSupport
import PrefsTesting
import Testing

@testable import PrefsConsole

/// Generated values of every kind round-trip through the console exactly: written through the API in Prefs' JSON
/// notation and read back from it; and stored, shown in the page's form, submitted unchanged as a browser would, and
/// read back from the store. Each key's editor is the one a schema of its value's kind gives, so every control is
/// exercised; the same values go through untyped (JSON) editors too.
@Suite struct GeneratedConsoleRoundTripTests {
    @Test(arguments: [true, false]) func generatedValuesComeBackFromTheAPIAndThePage(typed: Bool) async throws {
        let seed = PreferenceValueGenerator.environmentSeed
        var profile = PreferenceValueGenerator.Profile.withoutNUL
        profile.maximumKeyLength = 64
        var generator = PreferenceValueGenerator(seed: seed, profile: profile)
        let cases = PreferenceValueGenerator.caseCount(150)
        let values: [(String, PreferenceValue)] = (0..<cases).map { index in
            ("\(index) \(generator.key())", index % 2 == 0 ? generator.scalar() : generator.value())
        }
        let editors = values.map { name, value in
            typed ? PreferenceEditor(name: name, schema: propertySchema(ofKind: value)) : .untyped(name: name)
        }
        let store: any PreferenceStore = InMemoryPreferenceStore()
        let harness = ConsoleHarness(settings: StoreSettings(store: store, editors: editors, title: "generated"))
        let failures = try await harness.run { client in
            var failures: [GeneratedFailure] = []
            for (index, (name, value)) in values.enumerated() {
                let path = "/api/keys/\(name.addingQueryEscapes)"
                let json = PreferenceJSON.text(of: value, pretty: false)
                let body = jsonBody(json)
                let put = try await client.send(.put, path, body: body)
                if body.utf8.count > harness.console.configuration.maximumBodySize {
                    // A generated value too large for a request (seed 0x9679d2c032054707, case 125): refused whole.
                    let stored = try store.value(forKey: name)
                    if put.status != .contentTooLarge || stored != nil {
                        failures.append(
                            GeneratedFailure(
                                seed: seed, caseIndex: index, check: "API PUT of a body over the limit", key: name,
                                written: value, read: stored, detail: "\(put.status)"))
                    }
                    continue
                }
                let read = try await client.send(.get, path)
                let readValue = read.object["json"]?.stringValue.flatMap { try? PreferenceJSON.value(parsing: $0) }
                let written = try store.value(forKey: name)
                if put.status != .ok || !PreferenceValueGenerator.isSameStoredValue(value, written) {
                    failures.append(
                        GeneratedFailure(
                            seed: seed, caseIndex: index, check: "API PUT", key: name, written: value,
                            read: written, detail: "\(put.status) \(put.text.prefix(300))"))
                    continue
                }
                if !PreferenceValueGenerator.isSameStoredValue(value, readValue) {
                    failures.append(
                        GeneratedFailure(
                            seed: seed, caseIndex: index, check: "API GET", key: name, written: value, read: readValue))
                }
                try store.write([name: nil])
                try store.write([name: value])
                let row = try await client.send(.get, "/row?key=\(HTML.keyField(name).addingQueryEscapes)")
                let fields = PageControls.fields(ofRow: row.text)
                let post = try await client.send(
                    .post, "/edit", headers: harness.page(contentType: "application/x-www-form-urlencoded"),
                    body: formBody(fields))
                let stored = try store.value(forKey: name)
                if post.status != .seeOther || !PreferenceValueGenerator.isSameStoredValue(value, stored) {
                    failures.append(
                        GeneratedFailure(
                            seed: seed, caseIndex: index, check: "page form", key: name, written: value, read: stored,
                            detail: "\(post.status) \(fields.first { $0.0 == "control" }?.1 ?? "")"))
                }
            }
            return failures
        }
        recordGenerated(failures)
        print(
            "generated console round trips (\(typed ? "typed" : "untyped") editors): \(cases) values, seed "
                + PreferenceValueGenerator.seedText(seed))
    }
}
