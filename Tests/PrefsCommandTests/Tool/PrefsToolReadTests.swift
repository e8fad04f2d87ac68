import Foundation
import PrefsTestSupport
import Testing

/// `prefs list`, `get`, `path` and `export`, run as a child process on real files.
@Suite struct PrefsToolReadTests {
    static let sample = """
        {
          "blob": {"$data": "aGVsbG8="},
          "count": 3,
          "name": "Ada Lovelace",
          "ratio": 1.5,
          "when": {"$date": "2026-11-22T15:47:00Z"},
          "window": {"height": 480, "width": 640}
        }
        """

    @Test func listShowsEveryKeyWithItsKindAndValue() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.sample)
        let result = try ToolProcess.run("prefs", ["list", "--file", file.path], environment: ["TERM": "xterm"])
        #expect(result.status == 0)
        #expect(
            result.outputLines == [
                "KEY     TYPE        VALUE",
                "blob    data        aGVsbG8=",
                "count   integer     3",
                "name    string      Ada Lovelace",
                "ratio   double      1.5",
                "when    date        2026-11-22T15:47:00Z",
                #"window  dictionary  {"height": 480, "width": 640}"#,
            ])
        #expect(!result.output.contains("\u{1B}"))  // a pipe is not a terminal: no colours
    }

    @Test func listInJSONIsTheFilesContents() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.sample)
        let result = try ToolProcess.run("prefs", ["list", "--json", "--file", file.path])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["count"] as? Int == 3)
        #expect((object["when"] as? [String: String])?["$date"] == "2026-11-22T15:47:00Z")
    }

    @Test func getPrintsTheValueItselfOrItsJSON() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.sample).path
        #expect(try ToolProcess.run("prefs", ["get", "name", "--file", file]).output == "Ada Lovelace\n")
        #expect(try ToolProcess.run("prefs", ["get", "name", "--json", "--file", file]).output == "\"Ada Lovelace\"\n")
        #expect(try ToolProcess.run("prefs", ["get", "when", "--file", file]).output == "2026-11-22T15:47:00Z\n")
        #expect(
            try ToolProcess.run("prefs", ["get", "when", "--json", "--file", file]).output
                == "{\"$date\": \"2026-11-22T15:47:00Z\"}\n")
        #expect(
            try ToolProcess.run("prefs", ["get", "window", "--file", file]).output
                == "{\n  \"height\": 480,\n  \"width\": 640\n}\n")
    }

    @Test func appFindsTheFileWherePreferencesStandardKeepsIt() throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": directory.url.path]
        let path = try ToolProcess.run("prefs", ["path", "--app", "com.example.notes"], environment: environment)
        #expect(path.status == 0)
        #expect(path.output == directory.url.path + "/com.example.notes/preferences.json\n")
        #expect(try directory.names().isEmpty)  // `path` creates nothing
        let set = try ToolProcess.run(
            "prefs", ["set", "count", "2", "--app", "com.example.notes"], environment: environment)
        #expect(set.status == 0)
        #expect(try directory.contents(of: "com.example.notes/preferences.json") == "{\n  \"count\": 2\n}\n")
    }

    @Test func exportWritesTheDocumentToStandardOutputOrAFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.sample)
        let printed = try ToolProcess.run("prefs", ["export", "--file", file.path])
        #expect(printed.status == 0)
        let exported = directory.file("export.json")
        #expect(try ToolProcess.run("prefs", ["export", "--output", exported.path, "--file", file.path]).status == 0)
        #expect(try String(contentsOf: exported, encoding: .utf8) == printed.output)
        #expect(printed.output.contains(#""blob": {"$data": "aGVsbG8="}"#))
    }
}
