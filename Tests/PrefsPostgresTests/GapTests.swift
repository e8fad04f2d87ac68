import Foundation
import Logging
import MetricsTestKit
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// Catching up by version misses what left no version behind: a removal whose row was purged, a database restored
/// from a dump, a namespace dropped and created again, truncated values. Each is detected, answered by reading the
/// namespace whole, reported in the log and the metrics, and each key that differs reaches its observers once, with
/// its latest value. Each test has a database of its own.
@Suite(.requiresPostgreSQL, .pacedThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct GapTests {
    @Test func aRemovalPurgedAndItsHistoryPrunedPastAnInstancesVersionIsNotMissed() throws {
        let fleet = try Fleet(ownDatabase: true)
        defer { fleet.close() }
        let (writer, writerStore) = try fleet.instance()
        for key in ["a", "b", "c"] { writer[\.[int: key]] = 1 }
        try writer.flush()
        let metrics = TestMetrics()
        let (logger, messages) = CapturingLogHandler.logger()
        let cut = try CutOffInstance(fleet: fleet, logger: logger) { $0.metricsFactory = metrics }
        defer { cut.close() }
        let observed = ObservedKeys(cut.prefs, ["a", "b", "c"])

        #expect(try cut.cutOff() >= 1)
        writer.reset(\.[int: "a"])
        writer[\.[int: "b"]] = 2
        try writer.flush()
        try fleet.sql("DELETE FROM prefs_values WHERE namespace = '\(fleet.namespace)' AND key = 'a'")  // the purge
        try writerStore.setHistoryRetention(.init(maximumVersionsPerKey: 1))
        #expect(try fleet.sql("SELECT count(*) FROM prefs_values WHERE key = 'a'") == "0")
        try cut.letBackIn()

        #expect(eventually("the instance catches up") { cut.prefs[\.[int: "a"]] == 0 && cut.prefs[\.[int: "b"]] == 2 })
        #expect(
            eventually("each changed key once, with its latest value") {
                observed.calls == ["a": [0], "b": [2], "c": []]
            })
        #expect(metrics.counterTotal(label: "prefs_postgres_resyncs") == 1)
        #expect(metrics.counterTotal(label: "prefs_postgres_resyncs", dimensions: [("gap", "removals_purged")]) == 1)
        #expect(messages.all.contains { $0.message.contains("removed keys were purged up to version") })
    }

    @Test func aDatabaseRestoredFromADumpIsReadWhole() throws {
        let fleet = try Fleet(ownDatabase: true)
        defer { fleet.close() }
        let (writer, _) = try fleet.instance()
        for key in ["kept", "changed", "added-later"] { writer[\.[int: key]] = 1 }
        writer.reset(\.[int: "added-later"])
        try writer.flush()
        let metrics = TestMetrics()
        let cut = try CutOffInstance(fleet: fleet) { $0.metricsFactory = metrics }
        defer { cut.close() }
        let dump = try fleet.dump()
        // Changes after the dump, which the instance applies, and which the restore takes back.
        writer[\.[int: "changed"]] = 2
        writer[\.[int: "added-later"]] = 3
        try writer.flush()
        #expect(eventually("the instance has the later changes") { cut.prefs[\.[int: "added-later"]] == 3 })
        let observed = ObservedKeys(cut.prefs, ["kept", "changed", "added-later"])

        #expect(try cut.cutOff() >= 1)
        try fleet.restore(dump)
        try cut.grant()
        // A write after the restore: the namespace's head moves on from the dump's, yet below the instance's.
        try fleet.sql("UPDATE prefs_values SET value = '5' WHERE namespace = '\(fleet.namespace)' AND key = 'kept'")
        try cut.letBackIn()

        #expect(
            eventually("the instance has what the restored database holds") {
                cut.prefs[\.[int: "changed"]] == 1 && cut.prefs[\.[int: "added-later"]] == 0
                    && cut.prefs[\.[int: "kept"]] == 5
            })
        #expect(
            eventually("each changed key observed once") {
                observed.calls == ["kept": [5], "changed": [1], "added-later": [0]]
            })
        #expect(metrics.counterTotal(label: "prefs_postgres_resyncs") == 1)
    }

    @Test(arguments: [PostgresPreferenceStore.Configuration.Sessions.one, .two])
    func aNamespaceDroppedAndCreatedAgainIsListenedToAnew(
        sessions: PostgresPreferenceStore.Configuration.Sessions
    )
        throws
    {
        let fleet = try Fleet(ownDatabase: true)
        defer { fleet.close() }
        let (logger, messages) = CapturingLogHandler.logger()
        let (writer, _) = try fleet.instance(logger: logger) { $0.sessions = sessions }
        writer[\.[int: "old"]] = 1
        try writer.flush()
        let metrics = TestMetrics()
        let (reader, _) = try fleet.instance {
            $0.sessions = sessions
            $0.metricsFactory = metrics
        }
        #expect(reader[\.[int: "old"]] == 1)
        let observed = ObservedKeys(reader, ["old", "new"])

        // The reader stays connected: the drop tells it to read, and it finds the namespace gone.
        try fleet.sql("SELECT prefs_drop_namespace('\(fleet.namespace)')")
        #expect(eventually("the reader hears that the namespace is gone") { reader[\.[int: "old"]] == 0 })
        try fleet.sql(
            "INSERT INTO prefs_values (namespace, key, value) VALUES ('\(fleet.namespace)', 'new', '7')")
        #expect(eventually("the reader listens to the namespace created again") { reader[\.[int: "new"]] == 7 })
        writer[\.[int: "new"]] = 8
        #expect(eventually("and hears its changes live") { reader[\.[int: "new"]] == 8 })
        #expect(eventually("the writer commits") { (try? writer.flush()) != nil }, "\(messages.text)")
        // The container caches a change before it calls the observers (outside its lock): a read can see it first.
        #expect(eventually("the observer hears the namespace go") { observed.calls["old"] == [0] })
        #expect(eventually("the observer hears 8") { observed.calls["new"]?.last == 8 })
        #expect(metrics.counterTotal(label: "prefs_postgres_resyncs") >= 1)
    }

    /// A namespace created again numbers its versions from 1, so the dropped namespace's history goes with it: kept,
    /// it held those versions of the same keys, and the new namespace's writes failed on a duplicate history row
    /// (found by the outage patterns, seed 362803039038932016).
    @Test func aNamespaceCreatedAgainTakesWritesOfTheKeysItHadBefore() throws {
        let fleet = try Fleet(ownDatabase: true)
        defer { fleet.close() }
        let (writer, _) = try fleet.instance()
        for value in 1...3 {
            writer[\.[int: "k"]] = value
            try writer.flush()
        }
        try fleet.sql("SELECT prefs_drop_namespace('\(fleet.namespace)')")
        #expect(try fleet.sql("SELECT count(*) FROM prefs_history WHERE namespace = '\(fleet.namespace)'") == "0")
        let (again, _) = try fleet.instance()
        for value in 4...8 {
            again[\.[int: "k"]] = value
            try again.flush()
        }
        #expect(try fleet.store().value(forKey: "k") == .integer(8))
    }

    @Test func truncatedValuesAreNoticedAtOnce() throws {
        let fleet = try Fleet(ownDatabase: true)
        defer { fleet.close() }
        let (writer, _) = try fleet.instance()
        for key in ["a", "b"] { writer[\.[int: key]] = 1 }
        try writer.flush()
        let (reader, _) = try fleet.instance { $0.healthCheckInterval = .seconds(3600) }
        let observed = ObservedKeys(reader, ["a", "b"])
        try fleet.sql("TRUNCATE prefs_values")
        #expect(
            eventually("the reader learns that the values are gone") {
                reader[\.[int: "a"]] == 0 && reader[\.[int: "b"]] == 0
            })
        #expect(eventually("each changed key observed once") { observed.calls == ["a": [0], "b": [0]] })
    }
}

/// Every value a container's observers saw, per key.
final class ObservedKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String: [Int]]
    private var tokens: [PreferenceObservationToken] = []

    init(_ prefs: Preferences, _ keys: [String]) {
        seen = Dictionary(uniqueKeysWithValues: keys.map { ($0, []) })
        tokens = keys.map { key in
            prefs.observe(\.[int: key]) { [weak self] change in
                guard let self else { return }
                lock.withLock { seen[key, default: []].append(change.newValue) }
            }
        }
    }

    /// The values seen so far, per key.
    var calls: [String: [Int]] { lock.withLock { seen } }

    /// Forgets what was seen.
    func reset() {
        lock.withLock { for key in seen.keys { seen[key] = [] } }
    }
}
