import Foundation
import HTTPTypes
import HummingbirdTesting
import Prefs
import PrefsTestSupport
import Testing

@testable import PrefsConsole

/// Every endpoint of the JSON API over an app's declared keys in a real preferences file, and the bad input each
/// refuses without writing anything.
@Suite struct ConsoleAPITests {
    let directory: TemporaryDirectory
    let preferences: Preferences
    let harness: ConsoleHarness

    init() throws {
        directory = try TemporaryDirectory()
        preferences = Preferences(store: try FilePreferenceStore(url: directory.file()))
        harness = ConsoleHarness(
            settings: DeclaredSettings(keys: ConsoleKeys.all, preferences: preferences, title: "tea-app"),
            maximumBodySize: 4_096)
    }

    /// What another instance of the app, on the same file, reads.
    func otherInstance() throws -> Preferences {
        Preferences(store: try FilePreferenceStore(url: directory.file()))
    }

    @Test func listsEveryKeyWithItsEditorValueAndSource() async throws {
        preferences[\.consoleCups] = 3
        let response = try await harness.run { try await $0.send(.get, "/api/keys") }
        #expect(response.status == .ok)
        guard case .array(let keys)? = response.object["keys"] else {
            Issue.record("no keys: \(response.text)")
            return
        }
        #expect(keys.count == ConsoleKeys.all.count)
        let cups = keys.first { $0.entries["name"] == "cups" }?.entries ?? [:]
        #expect(cups["json"] == "3" && cups["type"] == "Int" && cups["control"] == "integer")
        #expect(cups["source"] == "store 'default'" && cups["stored"] == true)
        let sugar = keys.first { $0.entries["name"] == "sugar" }?.entries ?? [:]
        #expect(sugar["minimum"] == "-128" && sugar["maximum"] == "127" && sugar["source"] == "the default value")
        let drink = keys.first { $0.entries["name"] == "drink" }?.entries ?? [:]
        #expect(drink["control"] == "choice" && drink["description"] == "What to serve")
    }

    @Test func writesAKeyThatAnotherInstanceReads() async throws {
        let other = try otherInstance()
        let response = try await harness.run {
            try await $0.send(.put, "/api/keys/cups", body: jsonBody("9223372036854775807", reason: "big pot"))
        }
        #expect(response.status == .ok, "\(response.text)")
        #expect(response.object["json"] == "9223372036854775807")
        #expect(response.object["valueControl"] == "exactText")
        #expect(preferences[\.consoleCups] == .max)
        await eventually("the other instance reads the new value") { other[\.consoleCups] == .max }
        let cup = try await harness.run {
            try await $0.send(
                .put, "/api/keys/cup", body: #"{"text": "{\"size\": 330, \"handle\": false}", "control": "json"}"#)
        }
        #expect(cup.status == .ok, "\(cup.text)")
        #expect(preferences[\.consoleCup] == Cup(size: 330, handle: false))
    }

    @Test func refusesBadValuesAndWritesNothing() async throws {
        preferences[\.consoleSugar] = 2
        try preferences.flush()
        let before = try Data(contentsOf: directory.file())
        let refusals: [(String, String, HTTPResponse.Status, String)] = [
            ("/api/keys/sugar", jsonBody(#""two""#), .unprocessableContent, "not a valid Int8"),
            ("/api/keys/sugar", jsonBody("300"), .unprocessableContent, "300 is above the largest Int8, 127"),
            ("/api/keys/sugar", #"{"text": "1.5", "control": "integer"}"#, .unprocessableContent, "not a whole number"),
            ("/api/keys/drink", jsonBody(#""juice""#), .unprocessableContent, "juice is not one of tea, coffee, water"),
            ("/api/keys/cup", jsonBody(#"{"size": "big", "handle": true}"#), .unprocessableContent, "size"),
            ("/api/keys/nothing", jsonBody("1"), .notFound, "there is no key named 'nothing'"),
            ("/api/keys/sugar", #"{"json": "1""#, .badRequest, "not a JSON object"),
            ("/api/keys/sugar", #"{"value": 1}"#, .badRequest, "the body must be"),
            ("/api/keys/sugar", #"{"text": "1", "control": "dial"}"#, .badRequest, "not one of the editor's controls"),
            ("/api/keys/sugar", jsonBody(String(repeating: "1", count: 5_000)), .contentTooLarge, "larger than 4096"),
            ("/api/keys/brewed", jsonBody(#""yesterday""#), .unprocessableContent, "not a valid Optional<Date>"),
        ]
        try await harness.run { client in
            for (uri, body, status, message) in refusals {
                let response = try await client.send(.put, uri, body: body)
                #expect(response.status == status, "\(uri) \(body.prefix(60)): \(response.text)")
                #expect(response.object["error"]?.stringValue?.contains(message) == true, "\(uri): \(response.text)")
            }
        }
        try preferences.flush()
        #expect(try Data(contentsOf: directory.file()) == before)
        #expect(preferences[\.consoleSugar] == 2)
    }

    @Test func resetsAKey() async throws {
        preferences[\.consoleDrink] = .coffee
        let response = try await harness.run { try await $0.send(.delete, "/api/keys/drink?reason=back%20to%20tea") }
        #expect(response.status == .ok && response.object["json"] == #""tea""#)
        #expect(preferences.source(of: \.consoleDrink) == .defaultValue)
    }

    @Test func aFileKeepsNoHistory() async throws {
        try await harness.run { client in
            let status = try await client.send(.get, "/api/status")
            #expect(status.object["keepsHistory"] == false && status.object["title"] == "tea-app")
            #expect(status.object["connection"] == nil || status.text.contains(#""connection":null"#))
            let history = try await client.send(.get, "/api/history")
            #expect(history.status == .notFound && history.text.contains("keeps no history"))
            let rollback = try await client.send(.post, "/api/keys/cups/rollback", body: #"{"version": "1"}"#)
            #expect(rollback.status == .notFound)
        }
    }

    @Test func aSecretIsNeverSentButCanBeReplaced() async throws {
        let secret = "hunter2-\(UUID().uuidString)"
        preferences[\.consolePassword] = secret
        try await harness.run { client in
            let replaced = try await client.send(
                .put, "/api/keys/password", body: #"{"text": "s3cret-two", "control": "secret"}"#)
            #expect(replaced.status == .ok && replaced.object["set"] == true && replaced.object["json"] == nil)
            #expect(!replaced.text.contains("s3cret-two"))
            let empty = try await client.send(.put, "/api/keys/password", body: #"{"text": "", "control": "secret"}"#)
            #expect(empty.status == .unprocessableContent)
            for uri in ["/api/keys", "/api/keys/password", "/", "/row?key=%22password%22"] {
                let response = try await client.send(.get, uri)
                #expect(response.status == .ok, "\(uri)")
                #expect(
                    !response.text.contains("s3cret-two") && !response.text.contains(secret), "\(uri) shows the secret")
            }
        }
        #expect(preferences[\.consolePassword] == "s3cret-two")
        #expect(!harness.logs.text.contains("s3cret-two") && !harness.logs.text.contains(ConsoleHarness.token))
    }
}
