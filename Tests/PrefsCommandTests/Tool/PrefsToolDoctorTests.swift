import Foundation
import Prefs
import PrefsCommand
import PrefsTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `prefs doctor`: a real file with what an older version of an app left in it, checked against the app's JSON
/// Schema, and `--gc` with its export, its confirmation and its key-prefix rule.
@Suite struct PrefsToolDoctorTests {
    /// A folder with the older version's file (mode 0644), a temporary file of a writer that is gone, a damaged copy,
    /// and the app's schema.
    private func olderVersion() throws -> (TemporaryDirectory, file: String, schema: String) {
        let directory = try TemporaryDirectory()
        let file = try directory.write(olderVersionFile)
        chmod(file.path, 0o644)
        try directory.write("{\"shop.", to: "preferences.json.corrupt-20260101T000000")
        chmod(directory.file("preferences.json.corrupt-20260101T000000").path, 0o600)
        let pid = try Self.pidOfAFinishedProcess()
        try directory.write("{\"half", to: ".preferences.json.\(pid).12345.tmp")
        let prefs = Preferences(store: InMemoryPreferenceStore(), keyPrefix: "shop.")
        let schema = directory.file("schema.json")
        try prefs.jsonSchema(of: DoctorPreferences.keys).write(to: schema)
        return (directory, file.path, schema.path)
    }

    /// The process ID of a child that has ended (its writes can never finish).
    private static func pidOfAFinishedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        _ = process.exitStatus()
        return process.processIdentifier
    }

    private func json(_ output: String) throws -> [String: Any] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return try #require(array.first)
    }

    @Test func itListsWhatAnOlderVersionLeftWithoutChangingAnything() throws {
        let (directory, file, schema) = try olderVersion()
        let before = try directory.names()
        let run = try ToolProcess.run(
            "prefs", ["doctor", "--file", file, "--schema", schema, "--key-prefix", "shop.", "--json"])
        #expect(run.status == 0, "\(run.error)")
        let report = try json(run.output)
        let undeclared = try #require(report["undeclared"] as? [[String: Any]])
        #expect(undeclared.map { $0["key"] as? String } == ["shop.banner", "shop.legacy.colors", "shop.sound_level"])
        #expect(undeclared.map { $0["removable"] as? Bool } == [true, true, false])
        #expect(undeclared[0]["size"] as? Int == "\"Summer sale\"".utf8.count)
        #expect(undeclared[2]["formerNameOf"] as? String == "shop.volume")
        #expect(report["outsidePrefix"] as? [String] == ["other.app.key", "prefs.migrations"])
        let invalid = try #require(report["invalid"] as? [[String: Any]])
        #expect(invalid.map { $0["key"] as? String } == ["shop.api_token", "shop.panel", "shop.scoops"])
        #expect(invalid[0]["value"] == nil, "a secret's value is never printed")
        #expect((invalid[1]["defaultedMembers"] as? [[String: String]]) == [["path": "width", "reason": "invalid"]])
        #expect(invalid[2]["defaultedMembers"] is NSNull)
        let unsafe = try #require(report["unsafeFiles"] as? [[String: String]])
        #expect(unsafe.map { $0["path"] } == [file])
        let leftovers = try #require(report["leftovers"] as? [[String: Any]])
        #expect(leftovers.map { $0["kind"] as? String } == ["temporary", "damagedCopy"])
        #expect(leftovers[0]["writerRunning"] as? Bool == false)
        #expect(try directory.names() == before)
        #expect(try directory.contents() == olderVersionFile)

        let text = try ToolProcess.run(
            "prefs", ["doctor", "--file", file, "--schema", schema, "--key-prefix", "shop."])
        #expect(text.output.contains("panel (object): width (not valid) reads its default"))
        #expect(text.output.contains("the former name of shop.volume"))
        #expect(text.output.contains("mode 0644: its group and others can read it; chmod 600"))
        let secretLine = try #require(text.outputLines.first { $0.contains("shop.api_token") })
        #expect(!secretLine.contains("42"), "a secret's value is never printed: \(secretLine)")
    }

    @Test func gcRemovesTheUndeclaredKeysUnderThePrefixInOneWriteAfterAnExportThatImportRestores() throws {
        let (directory, file, schema) = try olderVersion()
        let export = directory.file("removed.json").path
        let run = try ToolProcess.run(
            "prefs",
            [
                "doctor", "--file", file, "--schema", schema, "--key-prefix", "shop.", "--gc", "--yes", "--export",
                export,
            ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("removes 2 keys"))
        let after = try PreferenceJSON.decode(Data(contentsOf: URL(fileURLWithPath: file)))
        let original = try PreferenceJSON.decode(Data(olderVersionFile.utf8))
        #expect(Set(after.keys) == Set(original.keys).subtracting(["shop.banner", "shop.legacy.colors"]))
        let exported = try PreferenceJSON.decode(Data(contentsOf: URL(fileURLWithPath: export)))
        #expect(exported == ["shop.banner": "Summer sale", "shop.legacy.colors": ["red", "green"]])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: export)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try directory.names().filter { $0.hasSuffix(".tmp") }.isEmpty, "the write removed the leftover")
        #expect(try directory.names().contains("preferences.json.lock"), "the lock file is never removed")

        #expect(try ToolProcess.run("prefs", ["import", export, "--file", file]).status == 0)
        #expect(try PreferenceJSON.decode(Data(contentsOf: URL(fileURLWithPath: file))) == original)
    }

    @Test func gcAsksFirstAndRemovesNothingWithoutAYes() throws {
        let (directory, file, schema) = try olderVersion()
        let arguments = ["doctor", "--file", file, "--schema", schema, "--key-prefix", "shop.", "--gc"]
        let refused = try ToolProcess.run("prefs", arguments, input: Data("n\n".utf8))
        #expect(refused.status == 64)
        #expect(refused.error.contains("Remove them") && refused.error.contains("nothing was removed"))
        let noAnswer = try ToolProcess.run("prefs", arguments)
        #expect(noAnswer.status == 64)
        #expect(try directory.contents() == olderVersionFile)
        #expect(try directory.names().filter { $0.contains(".gc-") }.isEmpty, "no export either")

        let confirmed = try ToolProcess.run("prefs", arguments, input: Data("y\n".utf8))
        #expect(confirmed.status == 0, "\(confirmed.error)")
        #expect(try !directory.contents().contains("shop.banner"))
        #expect(try directory.names().filter { $0.hasPrefix("preferences.json.gc-") }.count == 1)
    }

    @Test func gcRefusesAStoreWithoutAKeyPrefixUnlessToldAll() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"flavor": "chocolate", "stranger": 1}"#).path
        let schema = directory.file("schema.json")
        try Preferences(store: InMemoryPreferenceStore()).jsonSchema(of: DoctorPreferences.keys).write(to: schema)
        let arguments = ["doctor", "--file", file, "--schema", schema.path, "--gc", "--yes"]
        let refused = try ToolProcess.run("prefs", arguments)
        #expect(refused.status == 64)
        #expect(refused.error.contains("no key prefix") && refused.error.contains("--all"))
        #expect(try directory.contents().contains("stranger"))
        #expect(try ToolProcess.run("prefs", arguments + ["--all"]).status == 0)
        #expect(try !directory.contents().contains("stranger"))
        #expect(try directory.contents().contains("chocolate"))
    }

    @Test func exitCodesAreTheOtherCommands() throws {
        let directory = try TemporaryDirectory()
        #expect(try ToolProcess.run("prefs", ["doctor", "--file", directory.file().path]).status == 3)
        try directory.write("{\"broken\": ")
        let damaged = try ToolProcess.run("prefs", ["doctor", "--file", directory.file().path])
        #expect(damaged.status == 4)
        #expect(try directory.contents() == "{\"broken\": ", "left as it is")
        #expect(try ToolProcess.run("prefs", ["doctor", "--file", directory.file().path, "--yes"]).status == 64)
        #expect(try ToolProcess.run("prefs", ["doctor", "--file", directory.file().path, "--gc"]).status == 64)
    }

    @Test func aUserDefaultsDomain() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.url.appendingPathComponent("suite").path
        let defaults = try #require(UserDefaults(suiteName: suite))
        defaults.set("chocolate", forKey: "shop.flavor")
        defaults.set("old", forKey: "shop.banner")
        defaults.synchronize()
        let schema = directory.file("schema.json")
        try Preferences(store: InMemoryPreferenceStore(), keyPrefix: "shop.").jsonSchema(of: DoctorPreferences.keys)
            .write(to: schema)
        let arguments = ["doctor", "--domain", suite, "--schema", schema.path, "--key-prefix", "shop."]
        let report = try json(try ToolProcess.run("prefs", arguments + ["--json"]).output)
        #expect((report["undeclared"] as? [[String: Any]])?.map { $0["key"] as? String } == ["shop.banner"])
        #expect(
            try ToolProcess.run("prefs", arguments + ["--gc", "--yes", "--export", directory.file("x.json").path])
                .status == 0)
        defaults.synchronize()  // reads what the tool wrote
        #expect(UserDefaults(suiteName: suite)?.object(forKey: "shop.banner") == nil)
        #expect(UserDefaults(suiteName: suite)?.string(forKey: "shop.flavor") == "chocolate")
    }
}
