import Foundation
import Logging
import MetricsTestKit
import Prefs
import PrefsPostgres
import PrefsTestSupport
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

/// What a server operator reads off a store: its metrics (swift-metrics' test backend records them here), its log
/// metadata, and a graceful shutdown that commits the last writes before the store closes.
@Suite(.requiresPostgreSQL, .pacedThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct MetricsAndLifecycleTests {
    @Test func writesCommitsLagReconnectsAndTheConnectionStateAreRecorded() throws {
        let fleet = try Fleet()
        let metrics = TestMetrics()
        let instance = [("namespace", fleet.namespace), ("instance", "writer-1")]
        let (writer, writerStore) = try fleet.instance {
            $0.sessions = .two
            $0.metricsFactory = metrics
            $0.instanceName = "writer-1"
        }
        let readerMetrics = TestMetrics()
        let (reader, _) = try fleet.instance {
            $0.sessions = .two
            $0.metricsFactory = readerMetrics
        }
        _ = reader[\.[int: "a"]]
        for value in 1...3 {
            try writerStore.write(["a": .integer(Int64(value)), "b": .integer(Int64(value))])
            try writer.flush()
        }
        #expect(eventually("the reader has the last value") { reader[\.[int: "a"]] == 3 })

        #expect(try metrics.expectCounter("prefs_postgres_writes", instance).totalValue == 6)
        let batches = try metrics.expectRecorder("prefs_postgres_batch_size", instance)
        #expect(batches.values == [2, 2, 2], "one batch of two keys per flush")
        #expect(try metrics.expectTimer("prefs_postgres_write_duration", instance).values.count == 3)
        #expect(try metrics.expectGauge("prefs_postgres_queued_writes", instance).lastValue == 0)
        #expect(try metrics.expectGauge("prefs_postgres_connection_state", instance).lastValue == 2)
        let lags = readerMetrics.timers(label: "prefs_postgres_apply_lag").flatMap(\.values)
        #expect(lags.count >= 6, "the reader timed every change it applied: \(lags.count)")
        #expect(lags.allSatisfy { $0 >= 0 && $0 < 60_000_000_000 })

        // A lost connection: counted, the state dips to offline and comes back.
        #expect(try fleet.terminateSessions() == 4)
        writer[\.[int: "a"]] = 4
        #expect(eventually(within: 20, "the write is committed again") { (try? writer.flush()) != nil })
        #expect(
            eventually("both of the writer's sessions are counted as reconnected") {
                metrics.counterTotal(label: "prefs_postgres_reconnects") == 2
            })
        let states = try metrics.expectGauge("prefs_postgres_connection_state", instance).values
        #expect(states.contains(0) && states.last == 2, "\(states)")
        #expect(metrics.counterTotal(label: "prefs_postgres_catch_ups") >= 2)
    }

    @Test func everyLogLineNamesTheNamespaceAndTheInstance() throws {
        let fleet = try Fleet()
        let (logger, messages) = CapturingLogHandler.logger()
        let (prefs, _) = try fleet.instance(logger: logger) { $0.instanceName = "billing-7" }
        prefs[\.[int: "a"]] = 1
        try prefs.flush()
        _ = try fleet.terminateSessions()
        #expect(eventually(within: 20, "connected again") { (try? prefs.flush()) != nil })
        let prefsLines = messages.all.filter { $0.message.hasPrefix("Prefs:") }
        #expect(!prefsLines.isEmpty)
        #expect(
            prefsLines.allSatisfy {
                $0.message.contains("prefs.namespace=\(fleet.namespace)")
                    && $0.message.contains("prefs.instance=billing-7")
            })
    }

    @Test func aGracefulShutdownCommitsTheLastWritesAndCloses() async throws {
        let fleet = try Fleet()
        let store = try await PostgresPreferenceStore.connect(configuration: fleet.configuration())
        let prefs = Preferences(store: store)
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await store.run() }
                // set(_:_:) returns once the store has the write, queued, before it is committed.
                for value in 1...100 { try prefs.set(\.[int: "k\(value % 10)"], value) }
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        let error = #expect(throws: PostgresPreferenceStoreError.self) { try store.write(["late": 1]) }
        #expect(error?.kind == .closed)
        let fresh = try fleet.store()
        #expect((1...10).map { fresh.value(forKey: "k\($0 % 10)") } == (91...100).map { .integer(Int64($0)) })
    }

    @Test func aServiceGroupStopsTheAppBeforeTheStoreWhichCommitsItsLastWrite() async throws {
        let fleet = try Fleet()
        let store = try await PostgresPreferenceStore.connect(configuration: fleet.configuration())
        let (started, signal) = AsyncStream<Void>.makeStream()
        let app = WritingApp(prefs: Preferences(store: store), started: signal)
        let group = ServiceGroup(services: [store, app], gracefulShutdownSignals: [], logger: Fleet.logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for await _ in started { break }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(
            try fleet.store().value(forKey: "count") == .integer(1000), "the app's write at its shutdown is committed")
    }
}

/// A service that writes a counter, says so, waits for the group's graceful shutdown, and writes a last value then
/// (with `set`, which returns once the store has it: the store, stopped after the app, commits it).
final class WritingApp: Service, Sendable {
    private let prefs: Preferences
    private let started: AsyncStream<Void>.Continuation

    init(prefs: Preferences, started: AsyncStream<Void>.Continuation) {
        self.prefs = prefs
        self.started = started
    }

    func run() async throws {
        for value in 1...50 { prefs[\.[int: "count"]] = value }
        started.yield()
        try? await gracefulShutdown()
        try prefs.set(\.[int: "count"], 1000)  // in the store when set returns; the store's shutdown commits it
    }
}
