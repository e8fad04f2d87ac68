import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// Several `Preferences` containers, each on its own store instance, share one namespace live:
/// in one process and across processes, with the per-key observation rules of every store.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(2))))
struct SharedContainersTests {
    @Test func aWriteInOneInstanceReachesOnlyThatKeysObserversInTheOthers() throws {
        let fleet = try Fleet()
        let (writer, _) = try fleet.instance()
        let (reader, _) = try fleet.instance()
        let (third, _) = try fleet.instance()
        let seenX = Collected<Int>()
        let seenY = Collected<Int>()
        let seenSentinel = Collected<Int>()
        let thirdSeenX = Collected<Int>()
        let tokens = [
            reader.observe(\.[int: "x"]) { seenX.append($0.newValue) },
            reader.observe(\.[int: "y"]) { seenY.append($0.newValue) },
            reader.observe(\.[int: "sentinel"]) { seenSentinel.append($0.newValue) },
            third.observe(\.[int: "x"]) { thirdSeenX.append($0.newValue) },
        ]

        writer[\.[int: "x"]] = 1
        #expect(eventually("the reader's observer of x sees 1") { seenX.all == [1] })
        #expect(eventually("the third instance's observer of x sees 1") { thirdSeenX.all == [1] })

        // An equal write changes no row: nobody is woken. The sentinel, written after it by the same
        // instance, arrives after it would have.
        writer[\.[int: "x"]] = 1
        writer[\.[int: "sentinel"]] = 1
        #expect(eventually("the sentinel arrives") { seenSentinel.all == [1] })
        #expect(seenX.all == [1])
        #expect(seenY.all.isEmpty, "y never changed")

        // Several writes of one key coalesced or not, the observer sees values in order, ending at the last.
        for value in 2...20 { writer[\.[int: "x"]] = value }
        #expect(eventually("the reader sees the last value") { seenX.all.last == 20 })
        #expect(seenX.all == seenX.all.sorted(), "values arrive in the order they were written")
        #expect(reader[\.[int: "x"]] == 20)
        #expect(seenY.all.isEmpty)

        // A removal reaches the others as the default.
        writer.reset(\.[int: "x"])
        #expect(eventually("the reader sees the removal") { reader[\.[int: "x"]] == 0 && seenX.all.last == 0 })
        withExtendedLifetime(tokens) {}
    }

    @Test func writesFromBothSidesConvergeToTheLastCommittedValue() throws {
        let fleet = try Fleet()
        let (first, _) = try fleet.instance()
        let (second, _) = try fleet.instance()
        for index in 0..<50 {
            first[\.[int: "a\(index % 5)"]] = index
            second[\.[int: "b\(index % 5)"]] = index
        }
        try first.flush()
        try second.flush()
        let (fresh, _) = try fleet.instance()
        for key in 0..<5 {
            #expect(fresh[\.[int: "a\(key)"]] == 45 + key)
            #expect(fresh[\.[int: "b\(key)"]] == 45 + key)
            #expect(eventually("second sees a\(key)") { second[\.[int: "a\(key)"]] == 45 + key })
            #expect(eventually("first sees b\(key)") { first[\.[int: "b\(key)"]] == 45 + key })
        }
    }

    @Test func containersInChildProcessesShareTheNamespace() throws {
        let fleet = try Fleet()
        let (prefs, _) = try fleet.instance()
        let seen = Collected<Int>()
        let token = prefs.observe(\.[int: "from-child"]) { seen.append($0.newValue) }

        // A child writes; this process's observer hears it.
        let writer = try ChildProcess(
            ["set", fleet.namespace, "from-child", "42"], executable: "PrefsPostgresTestHelper",
            environment: fleet.server.environment())
        writer.waitForLine { $0 == "flushed" }
        #expect(writer.wait() == 0)
        #expect(eventually("the parent's observer sees the child's write") { seen.all == [42] })

        // This process writes; a watching child hears it.
        let watcher = try ChildProcess(
            ["watch", fleet.namespace, "from-parent", "7"], executable: "PrefsPostgresTestHelper",
            environment: fleet.server.environment())
        defer { watcher.kill() }
        watcher.waitForLine { $0 == "ready" }
        prefs[\.[int: "from-parent"]] = 7
        try prefs.flush()
        watcher.waitForLine { $0 == "value 7" }
        withExtendedLifetime(token) {}
    }

    @Test func editsMadeByHandInTheDatabaseReachObservers() throws {
        let fleet = try Fleet()
        let (prefs, _) = try fleet.instance()
        let seen = Collected<String>()
        let token = prefs.observe(\.[string: "banner"]) { seen.append($0.newValue) }
        let namespace = fleet.namespace

        try fleet.server.sql(
            "INSERT INTO prefs_values (namespace, key, value) VALUES ('\(namespace)', 'banner', '\"hello\"')")
        #expect(eventually("an INSERT in psql is observed") { seen.all == ["hello"] })
        try fleet.server.sql(
            "UPDATE prefs_values SET value = '\"maintenance at 5\"' WHERE namespace = '\(namespace)' AND key = 'banner'"
        )
        #expect(eventually("an UPDATE is observed") { seen.all.last == "maintenance at 5" })
        try fleet.server.sql("DELETE FROM prefs_values WHERE namespace = '\(namespace)' AND key = 'banner'")
        #expect(
            eventually("a DELETE is observed as a removal") { seen.all.last == "" && prefs[\.[string: "banner"]] == "" }
        )
        #expect(seen.all == ["hello", "maintenance at 5", ""])
        withExtendedLifetime(token) {}
    }
}
