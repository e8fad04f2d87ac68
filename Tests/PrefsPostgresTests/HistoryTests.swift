import Foundation
import PostgresNIO
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// Every change of a key is recorded in its transaction, by whoever makes it; the retention keeps the history
/// bounded without long locks; a rollback is a normal write of an old value.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct HistoryTests {
    @Test func everyChangeIsRecordedWithItsValuesItsTimeAndWhoMadeIt() throws {
        let fleet = try Fleet()
        let (prefs, store) = try fleet.instance()
        let start = Date()
        for value in [1, 2] {
            prefs[\.[int: "a"]] = value
            try prefs.flush()
        }
        prefs[\.[int: "a"]] = 2  // equal: no change, no record
        prefs.reset(\.[int: "a"])
        try prefs.flush()
        try fleet.server.sql(
            "INSERT INTO prefs_values (namespace, key, value) VALUES ('\(fleet.namespace)', 'b', '\"by hand\"')")

        let history = try store.history(of: "a")
        #expect(history.map(\.oldValue) == [nil, .integer(1), .integer(2)])
        #expect(history.map(\.newValue) == [.integer(1), .integer(2), nil])
        #expect(history.map(\.version) == history.map(\.version).sorted())
        #expect(history.allSatisfy { $0.key == "a" && $0.role == fleet.server.user })
        #expect(history.allSatisfy { $0.applicationName == fleet.applicationName })
        #expect(
            history.allSatisfy { $0.time >= start.addingTimeInterval(-5) && $0.time <= Date().addingTimeInterval(5) })

        let everything = try store.history()
        #expect(everything.map(\.key) == ["a", "a", "a", "b"])
        #expect(everything.last?.applicationName == "prefs-tests-psql", "a hand edit is recorded as psql's")
        #expect(everything.last?.newValue == .string("by hand"))

        #expect(try store.history(of: "a", limit: 1) == [history[2]], "the limit keeps the newest")
        #expect(try store.history(since: history[1].time).map(\.version) == everything.dropFirst().map(\.version))
        #expect(try store.history(of: "no such key").isEmpty)
    }

    @Test func asyncCodeReadsTheHistoryWithoutBlocking() async throws {
        let fleet = try Fleet()
        let store = try await PostgresPreferenceStore.connect(configuration: fleet.configuration())
        defer { store.close() }
        try store.write(["k": "v"])
        try store.flush()
        #expect(try await store.history(of: "k").map(\.newValue) == [.string("v")])
    }

    @Test func aRoleThatWritesValuesCannotRewriteTheHistory() throws {
        let fleet = try Fleet()
        _ = try fleet.store()  // the tables exist
        let role = "prefs_writer_\(UUID().uuidString.prefix(8).lowercased())"
        try fleet.server.sql(
            "CREATE ROLE \(role) LOGIN PASSWORD 'writer'; "
                + "GRANT SELECT, INSERT, UPDATE ON prefs_values, prefs_namespaces TO \(role)")
        defer { _ = try? fleet.server.sql("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let store = try fleet.store {
            $0.connection.username = role
            $0.connection.password = "writer"
        }
        try store.write(["k": .integer(1)])
        try store.flush()

        let error = #expect(throws: PostgresPreferenceStoreError.self) { try store.history(of: "k") }
        #expect(error?.kind == .permissionDenied)
        #expect(
            error?.message.contains("GRANT SELECT ON prefs_history TO \"\(role)\"") == true,
            "\(String(describing: error))")

        try fleet.server.sql("GRANT SELECT ON prefs_history TO \(role)")
        #expect(try store.history(of: "k").map(\.role) == [role], "recorded as the role that wrote it")
        for statement in [
            "UPDATE prefs_history SET new_value = '2' WHERE key = 'k'", "DELETE FROM prefs_history WHERE key = 'k'",
            "INSERT INTO prefs_history (namespace, key, version) VALUES ('\(fleet.namespace)', 'k', 999999)",
        ] {
            #expect(throws: PostgresTestServer.ServerError.self) {
                try fleet.server.sql(statement, role: (role, "writer"))
            }
        }
        #expect(try store.history(of: "k").map(\.newValue) == [.integer(1)])
    }

    @Test func retentionByCountKeepsTheNewestVersionsOfEachKey() throws {
        let fleet = try Fleet()
        let (prefs, store) = try fleet.instance()
        #expect(try store.historyRetention() == .init(maximumVersionsPerKey: 100, maximumAge: nil))
        try store.setHistoryRetention(.init(maximumVersionsPerKey: 3))
        #expect(try store.historyRetention() == .init(maximumVersionsPerKey: 3))
        for value in 1...10 {
            prefs[\.[int: "busy"]] = value
            prefs[\.[int: "quiet"]] = value <= 2 ? value : 2
            try prefs.flush()
        }
        #expect(try store.history(of: "busy").map(\.newValue) == [8, 9, 10].map { .integer($0) })
        #expect(try store.history(of: "quiet").count == 2)

        // Lowering it prunes what it no longer keeps at once, without waiting for a write.
        try store.setHistoryRetention(.init(maximumVersionsPerKey: 1))
        let kept = try store.history()
        #expect(kept.map(\.key) == ["quiet", "busy"])
        #expect(kept.map(\.newValue) == [.integer(2), .integer(10)])
        #expect(throws: PostgresPreferenceStoreError.self) {
            try store.setHistoryRetention(.init(maximumVersionsPerKey: 0))
        }
        #expect(try store.historyRetention() == .init(maximumVersionsPerKey: 1))
    }

    @Test func retentionByAgeDropsOldVersionsButNeverAKeysLatest() throws {
        let fleet = try Fleet()
        let (prefs, store) = try fleet.instance()
        try store.setHistoryRetention(.init(maximumVersionsPerKey: nil, maximumAge: .seconds(86_400)))
        for value in 1...30 {
            prefs[\.[int: "old"]] = value
            try prefs.flush()
        }
        prefs[\.[int: "single"]] = 1
        try prefs.flush()
        try backdateHistory(of: fleet, byDays: 2)

        // Each change prunes at most 16 old versions, under the lock it already holds.
        prefs[\.[int: "fresh"]] = 1
        try prefs.flush()
        #expect(try store.history(of: "old").count == 30 - 16)
        #expect(try store.history(of: "single").count == 1, "a key's latest version stays, whatever its age")

        // Setting the retention prunes the rest now.
        try store.setHistoryRetention(.init(maximumVersionsPerKey: 50, maximumAge: .seconds(86_400)))
        #expect(try store.history(of: "old").map(\.newValue) == [.integer(30)])
        #expect(try store.history(of: "fresh").count == 1)
    }

    @Test func aRollbackWritesTheOldValueAsANewRecordedVersion() throws {
        let fleet = try Fleet()
        let (writer, store) = try fleet.instance()
        let (observer, _) = try fleet.instance()
        let seen = Collected<Int>()
        let token = observer.observe(\.[int: "limit"]) { seen.append($0.newValue) }
        for value in [10, 20, 30] {
            writer[\.[int: "limit"]] = value
            try writer.flush()
        }
        let versions = try store.history(of: "limit").map(\.version)

        #expect(try store.rollback("limit", toVersion: versions[0]) == .integer(10))
        #expect(eventually("the other instance's observer sees the rollback") { seen.all.last == 10 })
        #expect(eventually("the writer's container too") { writer[\.[int: "limit"]] == 10 })
        let after = try store.history(of: "limit")
        #expect(after.count == 4)
        #expect(after.last?.oldValue == .integer(30))
        #expect(after.last?.newValue == .integer(10))

        // A version that has been purged is refused, and nothing is written.
        try store.setHistoryRetention(.init(maximumVersionsPerKey: 2))
        let purged = #expect(throws: PostgresPreferenceStoreError.self) {
            try store.rollback("limit", toVersion: versions[1])
        }
        #expect(purged?.kind == .versionNotFound)
        #expect(purged?.message.contains("purged") == true, "\(String(describing: purged))")
        #expect(purged?.message.contains("nothing was written") == true)
        #expect(try store.history(of: "limit").count == 2)
        #expect(writer[\.[int: "limit"]] == 10)

        let beyond = #expect(throws: PostgresPreferenceStoreError.self) {
            try store.rollback("limit", toVersion: after.last!.version + 100)
        }
        #expect(beyond?.message.contains("its latest version is \(after.last!.version)") == true)
        let unknown = #expect(throws: PostgresPreferenceStoreError.self) { try store.rollback("nothing", toVersion: 1) }
        #expect(unknown?.message.contains("no key 'nothing'") == true)
        withExtendedLifetime(token) {}
    }

    /// A version that belongs to another key, or that no key can have (zero, negative), is refused with a message
    /// that says so: nothing was purged, and the message must not say it was.
    @Test func aVersionOfAnotherKeyOrNoVersionAtAllIsNotCalledPurged() throws {
        let fleet = try Fleet()
        let (writer, store) = try fleet.instance()
        for (key, value) in [("a", 1), ("b", 2), ("a", 3)] {
            writer[\.[int: key]] = value
            try writer.flush()
        }
        let versionOfB = try #require(try store.history(of: "b").first?.version)
        let otherKey = #expect(throws: PostgresPreferenceStoreError.self) {
            try store.rollback("a", toVersion: versionOfB)
        }
        #expect(otherKey?.kind == .versionNotFound)
        #expect(otherKey?.message.contains("purged") == false, "\(String(describing: otherKey))")
        #expect(otherKey?.message.contains("version \(versionOfB) of 'b'") == true, "\(String(describing: otherKey))")
        for impossible: Int64 in [0, -3] {
            let error = #expect(throws: PostgresPreferenceStoreError.self) {
                try store.rollback("a", toVersion: impossible)
            }
            #expect(error?.kind == .versionNotFound)
            #expect(error?.message.contains("purged") == false, "\(String(describing: error))")
            #expect(error?.message.contains("versions start at 1") == true, "\(String(describing: error))")
        }
        let tool = try fleet.prefs(["rollback", "a", "--to-version=-3"])
        #expect(tool.status == 2)
        #expect(!tool.error.contains("purged") && tool.error.contains("versions start at 1"), "\(tool.error)")
        #expect(try store.history(of: "a").count == 2, "nothing was written")
        #expect(writer[\.[int: "a"]] == 3)
    }

    /// Moves every recorded change of the fleet's namespace back by some days.
    private func backdateHistory(of fleet: Fleet, byDays days: Int) throws {
        try fleet.server.sql(
            "UPDATE prefs_history SET changed_at = changed_at - interval '\(days) days' "
                + "WHERE namespace = '\(fleet.namespace)'")
    }
}
