import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// `prefs … --postgres URL --namespace NS`: the file commands on a fleet's namespace, run as a child process while
/// an instance of the fleet observes what it changes.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct PrefsToolPostgresTests {
    @Test func theCommandsReadAndWriteTheNamespaceAndARunningInstanceSeesEachChange() throws {
        let fleet = try Fleet()
        let (prefs, store) = try fleet.instance()
        let themes = Collected<String>()
        let counts = Collected<Int>()
        let tokens = [
            prefs.observe(\.[string: "theme"]) { themes.append($0.newValue) },
            prefs.observe(\.[int: "count"]) { counts.append($0.newValue) },
        ]
        prefs[\.[int: "count"]] = 5
        try prefs.flush()

        #expect(try fleet.prefs(["set", "theme", "dark"]).status == 0)
        #expect(eventually("the instance's observer sees the set") { themes.all == ["dark"] })
        #expect(try fleet.prefs(["get", "theme"]).output == "dark\n")
        let list = try fleet.prefs(["list"])
        #expect(list.outputLines == ["KEY    TYPE     VALUE", "count  integer  5", "theme  string   dark"])

        // Typed as for files, validated before anything is written.
        let invalid = try fleet.prefs(["set", "count", "lots"])
        #expect(invalid.status == 2)
        #expect(invalid.error.contains("'count' holds the integer 5"))
        #expect(try fleet.prefs(["set", "count", "6"]).status == 0)
        #expect(eventually("the instance sees 6") { counts.all == [5, 6] })

        let missing = try fleet.prefs(["delete", "nothing"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("no key 'nothing' in namespace '\(fleet.namespace)'"))
        #expect(try fleet.prefs(["delete", "theme"]).status == 0)
        #expect(eventually("the instance sees the removal") { themes.all == ["dark", ""] })

        let export = try fleet.prefs(["export"])
        #expect(export.status == 0)
        #expect(try PreferenceJSON.decode(Data(export.output.utf8)) == ["count": .integer(6)])
        let document = Data(#"{"theme": "light", "extra": true}"#.utf8)
        #expect(try fleet.prefs(["import", "-", "--replace"], input: document).status == 0)
        #expect(
            eventually("the instance sees the import") { themes.all.last == "light" && prefs[\.[int: "count"]] == 0 })
        #expect(store.value(forKey: "extra") == .bool(true))

        // Every change the tool made is on record as the tool's.
        let history = try store.history()
        let byTheTool = history.filter { $0.applicationName == "prefs" }
        #expect(byTheTool.prefix(3).map(\.key) == ["theme", "count", "theme"])
        #expect(Set(byTheTool.dropFirst(3).map(\.key)) == ["count", "extra", "theme"])
        #expect(byTheTool.count == 6)
        #expect(try fleet.prefs(["set", "extra", "maybe"]).status == 2, "and a refused write records nothing")
        #expect(try store.history().count == history.count)
        withExtendedLifetime(tokens) {}
    }

    @Test func watchPrintsChangesMadeByAnInstanceAndByHand() throws {
        let fleet = try Fleet()
        let (prefs, _) = try fleet.instance()
        prefs[\.[string: "theme"]] = "light"
        try prefs.flush()
        let watch = try ToolProcess(
            "prefs", ["watch", "--postgres", fleet.url(), "--namespace", fleet.namespace],
            environment: fleet.toolEnvironment())
        watch.waitFor(errorStream: true) { $0.contains("watching namespace '\(fleet.namespace)'") }
        prefs[\.[string: "theme"]] = "dark"
        watch.waitFor { $0.contains("theme  light → dark") }
        try fleet.server.sql(
            "UPDATE prefs_values SET value = '\"by hand\"' WHERE namespace = '\(fleet.namespace)' AND key = 'theme'")
        watch.waitFor { $0.contains("theme  dark → by hand") }
        #expect(try fleet.prefs(["set", "other", "1"]).status == 0)
        watch.waitFor { $0.contains("other  (none) → 1") }
        watch.interrupt()
        #expect(watch.output.split(separator: "\n").count == 3)
    }

    @Test func historyAndRollbackFromTheCommandLine() throws {
        let fleet = try Fleet()
        let (prefs, store) = try fleet.instance()
        let seen = Collected<Int>()
        let token = prefs.observe(\.[int: "limit"]) { seen.append($0.newValue) }
        for value in [10, 20, 30] {
            prefs[\.[int: "limit"]] = value
            try prefs.flush()
        }
        let text = try fleet.prefs(["history", "limit"])
        #expect(text.status == 0)
        #expect(text.outputLines.count == 4)
        #expect(text.outputLines[1].contains("(none) → 10"))
        #expect(text.outputLines[3].contains("20 → 30"))
        #expect(text.outputLines[3].contains("\(fleet.server.user) (\(fleet.applicationName))"))

        let json = try fleet.prefs(["history", "limit", "--json", "--since", "1h"])
        let entries = try #require(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["new"] as? Int } == [10, 20, 30])
        let first = try #require(entries.first?["version"] as? Int)
        #expect(try fleet.prefs(["history", "--since", "2999-01-01T00:00:00Z"]).error.contains("no recorded changes"))

        let rollback = try fleet.prefs(["rollback", "limit", "--to-version", "\(first)"])
        #expect(rollback.status == 0, "\(rollback.error)")
        #expect(eventually("the instance sees the rollback") { seen.all.last == 10 })
        #expect(try store.history(of: "limit").last?.applicationName == "prefs")

        try store.setHistoryRetention(.init(maximumVersionsPerKey: 1))
        let purged = try fleet.prefs(["rollback", "limit", "--to-version", "\(first)"])
        #expect(purged.status == 2)
        #expect(purged.error.contains("purged"))
        #expect(try store.history(of: "limit").count == 1, "nothing was written")
        #expect(try fleet.prefs(["rollback", "nothing", "--to-version", "1"]).status == 1)
        #expect(try fleet.prefs(["history", "nothing"]).status == 1)
        let onAFile = try ToolProcess.run("prefs", ["history", "--file", "/tmp/x.json"])
        #expect(onAFile.status == 64)
        #expect(onAFile.error.contains("history is kept in PostgreSQL only"))
        withExtendedLifetime(token) {}
    }

    /// "Nothing is written on a non-zero exit" holds for a namespace too: `set` or `import` of a value PostgreSQL
    /// cannot store (a NUL in a string, a key of 1,025 bytes), in a namespace that does not exist yet, exits 2 and
    /// leaves no namespace behind.
    @Test func anUnstorableValueCreatesNoNamespace() throws {
        let fleet = try Fleet()
        _ = try fleet.instance()  // creates the tables
        let run = UUID()
        let longKey = String(repeating: "k", count: 1_025)
        let attempts: [(arguments: [String], input: Data?)] = [
            (["set", "name", #""a\u0000b""#, "--type", "json"], nil),
            (["set", longKey, "1"], nil),
            (["import", "-"], Data(#"{"fine": 1, "name": "a\u0000b"}"#.utf8)),
            (["import", "-"], Data(#"{"fine": 1, "\#(longKey)": 2}"#.utf8)),
        ]
        for (index, attempt) in attempts.enumerated() {
            let namespace = "fresh-\(index)-\(run)"
            let result = try fleet.prefs(attempt.arguments, namespace: namespace, input: attempt.input)
            #expect(result.status == 2, "\(attempt.arguments.prefix(2)): \(result.error)")
            #expect(result.error.contains("cannot be stored in PostgreSQL"), "\(result.error)")
            let list = try fleet.prefs(["list"], namespace: namespace)
            #expect(list.status == 3, "\(attempt.arguments.prefix(2)) left the namespace behind: \(list.output)")
        }
        let count = try fleet.server.sql("SELECT count(*) FROM prefs_namespaces WHERE namespace LIKE '%\(run)'")
        #expect(count == "0")
    }

    @Test func aReasonFromTheCommandLineOrTheEnvironmentIsRecordedShownAndSearched() throws {
        let fleet = try Fleet()
        let (_, store) = try fleet.instance()
        #expect(try fleet.prefs(["set", "limit", "10", "--reason", "INC-4711: halve it"]).status == 0)
        let scripted = fleet.toolEnvironment(["PREFS_REASON": "deploy 2026-11-25"])
        #expect(try fleet.prefs(["set", "limit", "20"], environment: scripted).status == 0)
        #expect(
            try fleet.prefs(["import", "-"], environment: scripted, input: Data(#"{"extra": 1}"#.utf8)).status == 0)
        #expect(try fleet.prefs(["delete", "extra", "--reason", "not needed"]).status == 0)
        let first = try #require(try store.history(of: "limit").first?.version)
        #expect(
            try fleet.prefs(["rollback", "limit", "--to-version", "\(first)", "--reason", "inc-4711: back"]).status == 0
        )
        #expect(try fleet.prefs(["set", "limit", "30"]).status == 0, "no reason")
        #expect(
            try store.history().map(\.reason?.text) == [
                "INC-4711: halve it", "deploy 2026-11-25", "deploy 2026-11-25", "not needed", "inc-4711: back", nil,
            ])

        let table = try fleet.prefs(["history", "limit", "--reason", "inc-4711"])
        #expect(table.outputLines.count == 3, "\(table.output)")
        #expect(table.outputLines[0].hasSuffix("REASON"))
        #expect(table.outputLines[1].hasSuffix("INC-4711: halve it"))
        #expect(table.outputLines[2].hasSuffix("inc-4711: back"))
        let json = try fleet.prefs(["history", "--json", "--reason", "DEPLOY"])
        let entries = try #require(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["reason"] as? String } == ["deploy 2026-11-25", "deploy 2026-11-25"])
        #expect(entries.map { $0["key"] as? String } == ["limit", "extra"])

        let onAFile = try ToolProcess.run("prefs", ["set", "k", "1", "--file", "/tmp/\(UUID()).json", "--reason", "x"])
        #expect(onAFile.status == 64)
        #expect(onAFile.error.contains("--reason is recorded in the history of a PostgreSQL namespace only"))
        #expect(try fleet.prefs(["set", "k", "1", "--reason", " "]).status == 64, "an empty reason is refused")
    }

    @Test func whatIsMissingOrUnreachableIsAClearErrorThatSaysWhatToDo() throws {
        let fleet = try Fleet()
        _ = try fleet.store()  // the namespace and the tables exist
        let noNamespace = try fleet.prefs(["list"], namespace: "nobody-\(UUID())")
        #expect(noNamespace.status == 3)
        #expect(noNamespace.error.contains("the database has no namespace 'nobody-"))
        #expect(noNamespace.error.contains("its namespaces: '"))
        let created = "created-\(UUID())"
        #expect(try fleet.prefs(["set", "k", "1"], namespace: created).status == 0, "set creates a namespace")
        #expect(try fleet.prefs(["get", "k"], namespace: created).output == "1\n")

        let database = "prefs_bare_\(UUID().uuidString.prefix(8).lowercased())"
        try fleet.server.sql("CREATE DATABASE \(database)")
        defer { _ = try? fleet.server.sql("DROP DATABASE \(database) WITH (FORCE)") }
        let bareURL = fleet.url().replacingOccurrences(of: "/\(fleet.server.database)?", with: "/\(database)?")
        let noTables = try fleet.prefs(["set", "k", "1"], url: bareURL)
        #expect(noTables.status == 3)
        #expect(noTables.error.contains("prefs schema | psql"))
        #expect(try fleet.server.sql("SELECT to_regclass('prefs_values') IS NULL", database: database) == "t")

        let wrongPassword = try fleet.prefs(["list"], environment: fleet.toolEnvironment(["PGPASSWORD": "wrong"]))
        #expect(wrongPassword.status == 5)
        #expect(wrongPassword.error.contains("28P01"))
        let unreachable = try fleet.prefs(
            ["list"], url: "postgres://\(fleet.server.user)@127.0.0.1:1/x?sslmode=disable")
        #expect(unreachable.status == 5)
        #expect(unreachable.error.contains("check that the server runs"))
        #expect(try fleet.prefs(["list"], url: "mysql://somewhere").status == 64)
        #expect(try fleet.prefs(["list"], url: fleet.url(sslMode: "sometimes")).status == 64)
        #expect(try ToolProcess.run("prefs", ["list", "--namespace", "x", "--file", "/tmp/x"]).status == 64)
    }
}
