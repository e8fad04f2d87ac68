import Foundation
import PostgresNIO
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// Stores of one process that hold one namespace share one listening session: N stores hold N + 1 sessions, every
/// store hears every change, catches up after the shared session was cut, and follows a namespace created again.
@Suite(.requiresPostgreSQL, .pacedThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct SharedListenerTests {
    @Test func storesOfAProcessShareOneListenerAndEachHearsEveryChange() throws {
        let fleet = try Fleet()
        let (writer, _) = try fleet.instance()
        writer[\.[int: "a"]] = 1
        try writer.flush()
        let sharedName = fleet.applicationName + "-shared"
        let instances = try (0..<5).map { _ in
            try fleet.instance {
                $0.sharesListener = true
                $0.connection.options.additionalStartupParameters = [("application_name", sharedName)]
            }
        }
        let sessions = try fleet.server.sql(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(sharedName)'")
        #expect(sessions == "6", "a session each, and one listener")
        let observed = instances.map { ObservedKeys($0.prefs, ["a", "b"]) }
        for value in 2...20 { writer[\.[int: "a"]] = value }
        try writer.flush()
        for (index, instance) in instances.enumerated() {
            #expect(eventually("instance \(index) hears the last change") { instance.prefs[\.[int: "a"]] == 20 })
        }

        // Every session of theirs cut while changes are made: each catches up on what it missed.
        let ended = try fleet.server.terminateSessions(of: sharedName)
        #expect(ended == 6)
        writer[\.[int: "b"]] = 7
        try writer.flush()
        for (index, instance) in instances.enumerated() {
            #expect(eventually("instance \(index) catches up") { instance.prefs[\.[int: "b"]] == 7 })
            #expect(eventually("and is connected") { instance.store.connectionState == .connected })
        }
        // An observer is called after the value can be read, so its calls are waited for as the value was.
        for (index, keys) in observed.enumerated() {
            #expect(eventually("instance \(index)'s observer hears the change once") { keys.calls["b"] == [7] })
        }
        // Their own writes still reach the others.
        instances[0].prefs[\.[int: "a"]] = 99
        try instances[0].prefs.flush()
        for instance in instances {
            #expect(eventually("a write of one of them") { instance.prefs[\.[int: "a"]] == 99 })
        }
    }

    @Test func aSharedListenerFollowsANamespaceCreatedAgain() throws {
        let fleet = try Fleet(ownDatabase: true)
        defer { fleet.close() }
        let (writer, _) = try fleet.instance()
        writer[\.[int: "old"]] = 1
        try writer.flush()
        let instances = try (0..<3).map { _ in try fleet.instance { $0.sharesListener = true } }
        try fleet.sql("SELECT prefs_drop_namespace('\(fleet.namespace)')")
        for instance in instances {
            #expect(eventually("the namespace is gone") { instance.prefs[\.[int: "old"]] == 0 })
        }
        try fleet.sql("INSERT INTO prefs_values (namespace, key, value) VALUES ('\(fleet.namespace)', 'new', '5')")
        for instance in instances {
            #expect(eventually("the namespace created again is heard") { instance.prefs[\.[int: "new"]] == 5 })
        }
        writer[\.[int: "new"]] = 6
        for instance in instances {
            #expect(eventually("live again") { instance.prefs[\.[int: "new"]] == 6 })
        }
    }
}
