import Foundation
import MetricsTestKit
import Prefs
import PrefsTestSupport
import Testing

@testable import PrefsPostgres

/// With `sessions = .one`, an instance listens, reads, writes and runs transactions on one connection, with the
/// same guarantees as with two.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct OneSessionTests {
    @Test func oneSessionPerInstanceCarriesEverythingAtomically() throws {
        let fleet = try Fleet()
        let instances = try (0..<4).map { _ in try fleet.instance { $0.sessions = .one }.prefs }
        #expect(try Self.sessions(of: fleet) == 4)
        let seen = Collected<Int>()
        let token = instances[3].observe(\.[int: "live"]) { seen.append($0.newValue) }
        instances[0][\.[int: "live"]] = 7
        #expect(eventually("another instance hears a write") { seen.all == [7] })

        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for _ in 0..<100 { instances[index].update(\.counter) { $0 += 1 } }
        }
        for prefs in instances { try prefs.flush() }
        for prefs in instances {
            #expect(eventually("every instance converges on 400") { prefs[\.counter] == 400 })
        }
        #expect(try Self.sessions(of: fleet) == 4, "no second session was opened")
        withExtendedLifetime(token) {}
    }

    /// The change watcher's reads wait for the store's transactions: a read inside one would see its uncommitted
    /// rows, and a write that the commit then refuses would stay in memory and reach observers.
    @Test func aReadNeverSeesTheUncommittedRowsOfATransaction() throws {
        let fleet = try Fleet()
        let metrics = TestMetrics()
        let (prefs, store) = try fleet.instance {
            $0.sessions = .one
            $0.healthCheckInterval = .milliseconds(1)  // reads all the time
            $0.metricsFactory = metrics
        }
        // The commit refuses every value of "phantom" in this namespace, after the row was written.
        let name = "prefs_test_refuse_\(UUID().uuidString.prefix(8).lowercased())"
        try fleet.server.sql(
            """
            CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                IF NEW.namespace = '\(fleet.namespace)' AND NEW.key = 'phantom' AND NEW.value IS NOT NULL THEN
                    RAISE EXCEPTION 'refused at commit';
                END IF;
                RETURN NULL;
            END $$;
            CREATE CONSTRAINT TRIGGER \(name) AFTER INSERT OR UPDATE ON prefs_values
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION \(name)();
            """)
        defer { _ = try? fleet.server.sql("DROP TRIGGER \(name) ON prefs_values; DROP FUNCTION \(name)()") }
        let seen = Collected<Int>()
        let token = prefs.observe(\.[int: "phantom"]) { seen.append($0.newValue) }
        let readsAtStart = metrics.counterTotal(label: Self.reads)
        for value in 1...200 {
            #expect(throws: (any Error).self) {
                try prefs.transaction { $0[\.[int: "phantom"]] = value }
            }
        }
        #expect(metrics.counterTotal(label: Self.reads) - readsAtStart > 100, "the watcher kept reading")
        #expect(store.value(forKey: "phantom") == nil)
        #expect(prefs[\.[int: "phantom"]] == 0)
        #expect(seen.all.isEmpty, "no refused value was ever observed: \(seen.all.prefix(5))")
        withExtendedLifetime(token) {}
    }

    @Test func aTerminatedSessionIsMadeAgainAndCatchesUpOnWhatItMissed() throws {
        let fleet = try Fleet()
        let (reader, _) = try fleet.instance { $0.sessions = .one }
        let writerFleet = try Fleet(server: fleet.server, namespace: fleet.namespace)
        let (writer, _) = try writerFleet.instance()
        #expect(try fleet.terminateSessions() == 1)
        writer[\.[int: "missed"]] = 1
        try writer.flush()
        #expect(eventually(within: 20, "the reader catches up") { reader[\.[int: "missed"]] == 1 })
        reader[\.[int: "back"]] = 2
        try reader.flush()
        #expect(eventually("the writer hears the reader again") { writer[\.[int: "back"]] == 2 })
    }

    /// A change whose notification carries its value is applied without a query; a value too large to carry is
    /// read, and arrives all the same.
    @Test func aNotificationCarriesSmallValuesAndLargeOnesAreRead() throws {
        let fleet = try Fleet()
        let (writer, _) = try fleet.instance()
        let metrics = TestMetrics()
        let (reader, _) = try fleet.instance {
            $0.healthCheckInterval = .seconds(3600)
            $0.metricsFactory = metrics
        }
        let readsAtStart = metrics.counterTotal(label: Self.reads)
        for value in 1...50 {
            writer[\.[int: "small"]] = value
            try writer.flush()
        }
        #expect(eventually("the reader sees the last value") { reader[\.[int: "small"]] == 50 })
        let reads = metrics.counterTotal(label: Self.reads) - readsAtStart
        #expect(reads == 0, "50 changes, \(reads) reads")

        let large = String(repeating: "x", count: 20_000)
        writer[\.[string: "large"]] = large
        try writer.flush()
        #expect(eventually("the large value arrives") { reader[\.[string: "large"]] == large })
        #expect(metrics.counterTotal(label: Self.reads) == readsAtStart + 1)
    }

    /// The metric that counts the watcher's reads of changes from the database.
    private static let reads = "prefs_postgres_catch_ups"

    private static func sessions(of fleet: Fleet) throws -> Int {
        Int(
            try fleet.server.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(fleet.applicationName)'")) ?? -1
    }
}
