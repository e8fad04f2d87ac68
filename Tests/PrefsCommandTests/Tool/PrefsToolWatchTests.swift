import Foundation
import Prefs
import PrefsTestSupport
import Testing

/// `prefs watch`: each change, made by any process, printed as it happens.
@Suite struct PrefsToolWatchTests {
    @Test func watchPrintsAWriteMadeByAnotherProcess() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"theme": "light", "count": 1}"#).path
        let watch = try ToolProcess("prefs", ["watch", "--file", file])
        watch.waitFor(errorStream: true) { $0.contains("watching \(file)") }
        #expect(try ToolProcess.run("prefs", ["set", "theme", "dark", "--file", file]).status == 0)
        watch.waitFor { $0.contains("theme  light → dark") }
        // This process is another writer too: through a file store, as an app writes.
        let store = try FilePreferenceStore(url: URL(fileURLWithPath: file), watchesForChanges: false)
        try store.write(["count": 2, "fresh": "yes"])
        watch.waitFor { $0.contains("count  1 → 2") && $0.contains("fresh  (none) → yes") }
        try store.write(["count": nil])
        watch.waitFor { $0.contains("count  2 → (removed)") }
        let lines = watch.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.range(of: #"^\d\d:\d\d:\d\d  "#, options: .regularExpression) != nil })
        #expect(lines.count == 4)
        watch.interrupt()
    }

    @Test func watchOfSomeKeysInJSONPrintsOneObjectPerChangeOfThoseKeys() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"theme": "light"}"#).path
        let watch = try ToolProcess("prefs", ["watch", "theme", "--json", "--file", file])
        watch.waitFor(errorStream: true) { $0.contains("watching") }
        #expect(try ToolProcess.run("prefs", ["set", "other", "1", "--file", file]).status == 0)
        #expect(try ToolProcess.run("prefs", ["set", "theme", "dark", "--file", file]).status == 0)
        watch.waitFor { $0.contains("\n") }
        watch.interrupt()
        let lines = watch.output.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["key"] as? String == "theme")
        #expect(object["old"] as? String == "light")
        #expect(object["new"] as? String == "dark")
        #expect((object["time"] as? String)?.hasSuffix("Z") == true)
    }

    @Test func watchSeesAHandEdit() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"theme": "light"}"#).path
        let watch = try ToolProcess("prefs", ["watch", "--file", file])
        watch.waitFor(errorStream: true) { $0.contains("watching") }
        try directory.write(#"{"theme": "solarized"}"#)  // rewritten in place, as an editor may
        watch.waitFor { $0.contains("theme  light → solarized") }
        watch.interrupt()
    }
}

/// `prefs watch --schema`: the app's schema tells the tool which keys are secret.
@Suite struct PrefsToolWatchSecretTests {
    @Test func watchRedactsTheKeysTheSchemaMarksSecret() throws {
        let secret = "tok-\(UUID().uuidString)"
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"vault_flavor": "vanilla"}"#).path
        let schema = directory.file("schema.json")
        try Preferences(store: InMemoryPreferenceStore()).jsonSchema(of: VaultPreferences.keys).write(to: schema)
        let watch = try ToolProcess("prefs", ["watch", "--file", file, "--schema", schema.path])
        watch.waitFor(errorStream: true) { $0.contains("watching") }
        let store = try FilePreferenceStore(url: URL(fileURLWithPath: file), watchesForChanges: false)
        try store.write(["vault_token": .string(secret)])
        try store.write(["vault_flavor": "chocolate"])
        watch.waitFor {
            $0.contains("vault_flavor  vanilla → chocolate") && $0.contains("vault_token  (none) → <secret>")
        }
        watch.interrupt()
        #expect(!watch.output.contains(secret))
        let shown = try ToolProcess("prefs", ["watch", "--file", file, "--schema", schema.path, "--show-secrets"])
        shown.waitFor(errorStream: true) { $0.contains("watching") }
        try store.write(["vault_token": "other"])
        shown.waitFor { $0.contains("vault_token  \(secret) → other") }
        shown.interrupt()
    }
}
