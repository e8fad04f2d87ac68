import Foundation
import PostgresNIO
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// A database created by an earlier release (schema 1, 2 or 3, their exact SQL in `Fixtures/`) with data in it is
/// upgraded in place to the current schema by the first instance that starts, once, under the advisory lock; nothing
/// of its data changes; a history begins with each key's value at the upgrade (from schema 1 or 2) or is kept (3), and
/// records reasons from then on; purges go on the namespace's removals record.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct SchemaUpgradeTests {
    @Test(arguments: [1, 2, 3])
    func aDatabaseOfAnEarlierReleaseIsUpgradedInPlaceWithItsData(schema: Int) throws {
        let fleet = try Fleet()
        let database = try Self.database(of: fleet, schema: schema)
        defer { _ = try? fleet.server.sql("DROP DATABASE \(database) WITH (FORCE)") }
        let namespace = fleet.namespace
        // Data written through the release's own triggers, as its instances and hand edits wrote it.
        try fleet.server.sql(
            """
            INSERT INTO prefs_values (namespace, key, value) VALUES
                ('\(namespace)', 'greeting', '"hello"'), ('\(namespace)', 'count', '41'), ('\(namespace)', 'gone', 'true');
            UPDATE prefs_values SET value = '42' WHERE namespace = '\(namespace)' AND key = 'count';
            DELETE FROM prefs_values WHERE namespace = '\(namespace)' AND key = 'gone';
            """, database: database)
        let rows =
            "SELECT string_agg(key || '=' || coalesce(value::text, 'NULL') || '@' || version, ' ' ORDER BY key) FROM prefs_values"
        let before = try fleet.server.sql(rows, database: database)
        #expect(before == "count=42@4 gone=NULL@5 greeting=\"hello\"@1")
        #expect(try Self.comment(fleet, database) == "Prefs schema \(schema)")

        // Three instances start at once: one upgrades, the others wait on the advisory lock and find it done.
        let stores = Collected<PostgresPreferenceStore>()
        let failures = Collected<String>()
        let (logger, messages) = CapturingLogHandler.logger()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            do {
                stores.append(try fleet.store(logger: logger) { $0.connection.database = database })
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        try #require(stores.count == 3)
        #expect(
            messages.all.filter { $0.message.contains("upgrading the PostgreSQL tables") }.count == 1,
            "one instance upgrades; the others find it done once they hold the lock: \(messages.text)")
        #expect(try Self.comment(fleet, database) == Self.currentComment)
        #expect(try fleet.server.sql(rows, database: database) == before, "no row was rewritten")
        let (first, second) = (stores.all[0], stores.all[1])
        #expect(first.value(forKey: "count") == .integer(42))
        #expect(first.value(forKey: "gone") == nil)

        let history = try first.history()
        if schema < 3 {
            #expect(history.map(\.key) == ["greeting", "count", "gone"])
            #expect(history.map(\.version) == [1, 4, 5])
            #expect(history.map(\.newValue) == [.string("hello"), .integer(42), nil])
            #expect(history.allSatisfy { $0.applicationName == "Prefs schema 3 upgrade" && $0.oldValue == nil })
        } else {
            #expect(history.map(\.key) == ["greeting", "count", "gone", "count", "gone"], "the history is kept")
            #expect(history.map(\.version) == [1, 2, 3, 4, 5])
        }
        #expect(history.allSatisfy { $0.reason == nil })

        // The upgraded triggers: a change is recorded with its reason, and heard by another instance with its value.
        let observer = Preferences(store: second)
        let seen = Collected<Int>()
        let token = observer.observe(\.[int: "count"]) { seen.append($0.newValue) }
        try PreferenceWriteReason.$current.withValue("after the upgrade") { try first.write(["count": 43]) }
        try first.flush()
        #expect(eventually("another instance hears the change") { seen.all == [43] })
        let latest = try first.history(of: "count").last
        #expect(latest?.oldValue == .integer(42))
        #expect(latest?.newValue == .integer(43))
        #expect(latest?.reason == "after the upgrade")
        #expect(
            try first.rollback("count", toVersion: 4, reason: "rollback") == .integer(42),
            "the value at the upgrade can be restored")
        #expect(try first.history(of: "count").last?.reason == "rollback")
        // A purge goes on the removals record.
        try fleet.server.sql(
            "DELETE FROM prefs_values WHERE namespace = '\(namespace)' AND key = 'gone'", database: database)
        #expect(
            try fleet.server.sql(
                "SELECT purged_through FROM prefs_namespaces WHERE namespace = '\(namespace)'", database: database)
                == "5")

        // Running the setup again, by hand, twice, changes nothing.
        let recorded = try fleet.server.sql("SELECT count(*) FROM prefs_history", database: database)
        let values = try fleet.server.sql(rows, database: database)
        for _ in 0..<2 { try fleet.server.sql("\\i \(try Self.currentScript())", database: database) }
        #expect(try fleet.server.sql("SELECT count(*) FROM prefs_history", database: database) == recorded)
        #expect(try fleet.server.sql(rows, database: database) == values)
        #expect(try Self.comment(fleet, database) == Self.currentComment)
        withExtendedLifetime(token) {}
    }

    /// During a rolling upgrade an instance of an earlier release may start after the upgrade and set its own
    /// triggers again: the history keeps being recorded, and the next instance of this release upgrades again.
    @Test(arguments: [2, 3])
    func anInstanceOfAnEarlierReleaseStartingAfterTheUpgradeStopsNoRecord(schema: Int) throws {
        let fleet = try Fleet()
        let database = try Self.database(of: fleet, schema: PostgresSchemaFixture.current)
        defer { _ = try? fleet.server.sql("DROP DATABASE \(database) WITH (FORCE)") }
        let store = try fleet.store { $0.connection.database = database }
        try fleet.server.sql("\\i \(Self.fixture(schema: schema))", database: database)  // what its start runs
        #expect(try Self.comment(fleet, database) == "Prefs schema \(schema)")
        try store.write(["k": 1])
        try store.flush()
        #expect(try store.history(of: "k").count == 1)

        let (prefs, _) = try fleet.instance { $0.connection.database = database }
        #expect(try Self.comment(fleet, database) == Self.currentComment)
        prefs[\.[int: "k"]] = 2
        try prefs.flush()
        #expect(try store.history(of: "k").map(\.newValue) == [.integer(1), .integer(2)])
    }

    @Test func aNewerSchemaIsLeftAlone() throws {
        let fleet = try Fleet()
        let database = try Self.database(of: fleet, schema: PostgresSchemaFixture.current)
        defer { _ = try? fleet.server.sql("DROP DATABASE \(database) WITH (FORCE)") }
        try fleet.server.sql("COMMENT ON TABLE prefs_values IS 'Prefs schema 99'", database: database)
        let store = try fleet.store { $0.connection.database = database }
        try store.write(["k": 1])
        try store.flush()
        #expect(try Self.comment(fleet, database) == "Prefs schema 99", "an older release never downgrades")
    }

    /// A new database holding the given schema: an earlier release's exact SQL, or this release's.
    private static func database(of fleet: Fleet, schema: Int) throws -> String {
        let database = "prefs_schema\(schema)_\(UUID().uuidString.prefix(8).lowercased())"
        try fleet.server.sql("CREATE DATABASE \(database)")
        let script = schema == PostgresSchemaFixture.current ? try currentScript() : fixture(schema: schema)
        try fleet.server.sql("\\i \(script)", database: database)
        return database
    }

    private static let currentComment = "Prefs schema \(PostgresSchemaFixture.current)"

    private static func comment(_ fleet: Fleet, _ database: String) throws -> String {
        try fleet.server.sql("SELECT obj_description('prefs_values'::regclass, 'pg_class')", database: database)
    }

    /// The SQL an earlier release created its schema with.
    private static func fixture(schema: Int) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/schema-\(schema).sql"
        )
        .path
    }

    /// This release's ``PostgresPreferenceStore/schemaSQL`` in a temporary file, for `psql`.
    private static func currentScript() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-schema-\(UUID()).sql")
        try PostgresPreferenceStore.schemaSQL.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

/// The schema this release creates.
enum PostgresSchemaFixture {
    static let current = 4
}
