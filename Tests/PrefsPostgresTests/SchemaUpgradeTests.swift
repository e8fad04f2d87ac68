import Foundation
import PostgresNIO
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// A database created by an earlier release (schema 1 or 2, their exact SQL in `Fixtures/`) with data in it is
/// upgraded in place to schema 3 by the first instance that starts, once, under the advisory lock; nothing of its
/// data changes, and its history begins with each key's value at the upgrade.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(3)))
struct SchemaUpgradeTests {
    @Test(arguments: [1, 2])
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
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            do {
                stores.append(try fleet.store { $0.connection.database = database })
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        try #require(stores.count == 3)
        #expect(try Self.comment(fleet, database) == "Prefs schema 3")
        #expect(try fleet.server.sql(rows, database: database) == before, "no row was rewritten")
        let (first, second) = (stores.all[0], stores.all[1])
        #expect(first.value(forKey: "count") == .integer(42))
        #expect(first.value(forKey: "gone") == nil)

        let seeded = try first.history()
        #expect(seeded.map(\.key) == ["greeting", "count", "gone"])
        #expect(seeded.map(\.version) == [1, 4, 5])
        #expect(seeded.map(\.newValue) == [.string("hello"), .integer(42), nil])
        #expect(seeded.allSatisfy { $0.applicationName == "Prefs schema 3 upgrade" && $0.oldValue == nil })

        // The upgraded triggers: a change is recorded, and heard by another instance with its value.
        let observer = Preferences(store: second)
        let seen = Collected<Int>()
        let token = observer.observe(\.[int: "count"]) { seen.append($0.newValue) }
        let writer = Preferences(store: first)
        writer[\.[int: "count"]] = 43
        try writer.flush()
        #expect(eventually("another instance hears the change") { seen.all == [43] })
        #expect(try first.history(of: "count").map(\.oldValue) == [nil, .integer(42)])
        #expect(try first.rollback("count", toVersion: 4) == .integer(42), "the value at the upgrade can be restored")

        // Running the setup again, by hand, twice, changes nothing.
        let recorded = try fleet.server.sql("SELECT count(*) FROM prefs_history", database: database)
        let values = try fleet.server.sql(rows, database: database)
        for _ in 0..<2 { try fleet.server.sql("\\i \(try Self.currentScript())", database: database) }
        #expect(try fleet.server.sql("SELECT count(*) FROM prefs_history", database: database) == recorded)
        #expect(try fleet.server.sql(rows, database: database) == values)
        #expect(try Self.comment(fleet, database) == "Prefs schema 3")
        withExtendedLifetime(token) {}
    }

    /// During a rolling upgrade an instance of the previous release may start after the upgrade and set its own
    /// triggers again: the history keeps being recorded, and the next instance of this release upgrades again.
    @Test func anInstanceOfThePreviousReleaseStartingAfterTheUpgradeStopsNoRecord() throws {
        let fleet = try Fleet()
        let database = try Self.database(of: fleet, schema: 3)
        defer { _ = try? fleet.server.sql("DROP DATABASE \(database) WITH (FORCE)") }
        let store = try fleet.store { $0.connection.database = database }
        try fleet.server.sql("\\i \(Self.fixture(schema: 2))", database: database)  // what its start runs
        #expect(try Self.comment(fleet, database) == "Prefs schema 2")
        try store.write(["k": 1])
        try store.flush()
        #expect(try store.history(of: "k").count == 1)

        let (prefs, _) = try fleet.instance { $0.connection.database = database }
        #expect(try Self.comment(fleet, database) == "Prefs schema 3")
        prefs[\.[int: "k"]] = 2
        try prefs.flush()
        #expect(try store.history(of: "k").map(\.newValue) == [.integer(1), .integer(2)])
    }

    @Test func aNewerSchemaIsLeftAlone() throws {
        let fleet = try Fleet()
        let database = try Self.database(of: fleet, schema: 3)
        defer { _ = try? fleet.server.sql("DROP DATABASE \(database) WITH (FORCE)") }
        try fleet.server.sql("COMMENT ON TABLE prefs_values IS 'Prefs schema 4'", database: database)
        let store = try fleet.store { $0.connection.database = database }
        try store.write(["k": 1])
        try store.flush()
        #expect(try Self.comment(fleet, database) == "Prefs schema 4", "an older release never downgrades")
    }

    /// A new database holding the given schema: an earlier release's exact SQL, or this release's.
    private static func database(of fleet: Fleet, schema: Int) throws -> String {
        let database = "prefs_schema\(schema)_\(UUID().uuidString.prefix(8).lowercased())"
        try fleet.server.sql("CREATE DATABASE \(database)")
        let script = schema == PostgresSchemaFixture.current ? try currentScript() : fixture(schema: schema)
        try fleet.server.sql("\\i \(script)", database: database)
        return database
    }

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
    static let current = 3
}
