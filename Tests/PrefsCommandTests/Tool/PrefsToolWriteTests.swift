import Foundation
import Prefs
import PrefsTestSupport
import Testing

extension PreferenceKeys {
    fileprivate var liveTheme: Key<String> { Key("theme", default: "system") }
}

/// `prefs set`, `delete` and `import`, run as child processes, seen by this process's stores.
@Suite struct PrefsToolWriteTests {
    @Test func setCreatesTheFileAndReadsNewValuesAsWhatTheyLookLike() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("new/preferences.json").path
        for (key, value) in [("flag", "true"), ("count", "42"), ("ratio", "1.5"), ("name", "dark"), ("zip", "007a")] {
            #expect(try ToolProcess.run("prefs", ["set", key, value, "--file", file]).status == 0)
        }
        let store = try FilePreferenceStore(url: URL(fileURLWithPath: file), watchesForChanges: false)
        #expect(store.value(forKey: "flag") == true)
        #expect(store.value(forKey: "count") == 42)
        #expect(store.value(forKey: "ratio") == 1.5)
        #expect(store.value(forKey: "name") == "dark")
        #expect(store.value(forKey: "zip") == "007a")
    }

    @Test func setKeepsTheKindOfTheValueAKeyHolds() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"code": "1", "count": 1, "ratio": 1.0, "list": [1]}"#).path
        #expect(try ToolProcess.run("prefs", ["set", "code", "42", "--file", file]).status == 0)
        #expect(try ToolProcess.run("prefs", ["set", "ratio", "2", "--file", file]).status == 0)
        #expect(try ToolProcess.run("prefs", ["set", "list", "[1, 2]", "--file", file]).status == 0)
        let store = try FilePreferenceStore(url: URL(fileURLWithPath: file), watchesForChanges: false)
        #expect(store.value(forKey: "code") == "42")
        #expect(store.value(forKey: "ratio") == 2.0)
        #expect(store.value(forKey: "list") == [1, 2])
        let refused = try ToolProcess.run("prefs", ["set", "count", "many", "--file", file])
        #expect(refused.status == 2)
        #expect(refused.error.contains("'count' holds the integer 1; pass --type to change its type"))
        #expect(try ToolProcess.run("prefs", ["set", "count", "many", "--type", "string", "--file", file]).status == 0)
        #expect(try FilePreferenceStore(url: URL(fileURLWithPath: file)).value(forKey: "count") == "many")
    }

    @Test func typeReadsEveryKindOfValue() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file().path
        let cases: [(String, String, PreferenceValue)] = [
            ("bool", "off", false), ("int", "-7", -7), ("double", "3", 3.0), ("string", "true", "true"),
            ("date", "2026-11-22T15:47:00.25Z", .date(Date(timeIntervalSince1970: 1_795_362_420.25))),
            ("data", "aGVsbG8=", .data(Data("hello".utf8))),
            (
                "json", #"{"a": [1, 2.5, {"$date": "1970-01-01T00:00:00Z"}]}"#,
                ["a": [1, 2.5, .date(Date(timeIntervalSince1970: 0))]]
            ),
        ]
        for (type, text, _) in cases {
            let result = try ToolProcess.run("prefs", ["set", "--type", type, "--file", file, "--", type, text])
            #expect(result.status == 0, "\(type): \(result.error)")
        }
        let store = try FilePreferenceStore(url: URL(fileURLWithPath: file), watchesForChanges: false)
        for (type, _, expected) in cases { #expect(store.value(forKey: type) == expected, "\(type)") }
    }

    @Test func deleteRemovesOneKey() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"a": 1, "b": 2}"#).path
        #expect(try ToolProcess.run("prefs", ["delete", "a", "--file", file]).status == 0)
        #expect(try directory.contents() == "{\n  \"b\": 2\n}\n")
    }

    @Test func importMergesOrReplacesInOneWrite() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"a": 1, "b": 2}"#).path
        let document = try directory.write(#"{"b": 20, "c": {"$date": "1970-01-01T00:00:00Z"}}"#, to: "doc.json").path
        #expect(try ToolProcess.run("prefs", ["import", document, "--file", file]).status == 0)
        #expect(
            try directory.contents()
                == "{\n  \"a\": 1,\n  \"b\": 20,\n  \"c\": {\"$date\": \"1970-01-01T00:00:00Z\"}\n}\n")
        #expect(try ToolProcess.run("prefs", ["import", document, "--replace", "--file", file]).status == 0)
        #expect(try directory.contents() == "{\n  \"b\": 20,\n  \"c\": {\"$date\": \"1970-01-01T00:00:00Z\"}\n}\n")
        let piped = try ToolProcess.run(
            "prefs", ["import", "-", "--file", file], input: Data(#"{"d": true}"#.utf8))
        #expect(piped.status == 0)
        #expect(try FilePreferenceStore(url: URL(fileURLWithPath: file)).value(forKey: "d") == true)
    }

    @Test func concurrentSetsFromManyProcessesLoseNothing() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file().path
        let children = try (0..<8).map { try ToolProcess("prefs", ["set", "k\($0)", "\($0)", "--file", file]) }
        for child in children { #expect(child.finish().status == 0) }
        let store = try FilePreferenceStore(url: URL(fileURLWithPath: file), watchesForChanges: false)
        #expect(Set(store.keys()) == Set((0..<8).map { "k\($0)" }))
    }

    @Test func aSetIsSeenLiveByARunningPreferencesObserver() async throws {
        let directory = try TemporaryDirectory()
        let prefs = Preferences(store: try FilePreferenceStore(url: directory.file()))
        let values = prefs.values(\.liveTheme)
        let result = try ToolProcess.run("prefs", ["set", "theme", "dark", "--file", directory.file().path])
        #expect(result.status == 0)
        #expect(await first(2, of: values) == ["system", "dark"])
        #expect(prefs[\.liveTheme] == "dark")
    }
}
