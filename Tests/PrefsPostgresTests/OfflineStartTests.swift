import Foundation
import Logging
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// An instance with an offline copy starts while PostgreSQL is down, serves the copy, keeps the writes it makes
/// meanwhile (across a restart), commits them when the database is back, and says what state it is in. Each test has
/// a server of its own, which it stops.
@Suite(.requiresPostgreSQL, .pacedThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct OfflineStartTests {
    @Test func anInstanceStartsFromItsCopyWhileTheDatabaseIsDownAndCatchesUpWhenItIsBack() throws {
        let server = try PostgresTestServer.start()
        defer { try? server.cancel() }
        let fleet = try Fleet(server: server)
        let folder = try TemporaryDirectory()
        let copy = PostgresPreferenceStore.OfflineCopy(url: folder.url.appendingPathComponent("state/copy.json"))
        let offline: (inout PostgresPreferenceStore.Configuration) -> Void = {
            $0.offlineCopy = copy
            $0.flushTimeout = .milliseconds(300)
        }

        let (first, firstStore) = try fleet.instance(offline)
        first[\.[int: "limit"]] = 100
        first[\.[string: "mode"]] = "normal"
        // The short flush timeout is for the outage below; here a flush that times out under load leaves the writes
        // queued and retried, so the test waits for their commit.
        #expect(eventually("the first writes are committed") { (try? first.flush()) != nil })
        firstStore.close()
        #expect(try permissions(of: copy.url) == 0o600, "the copy is private")
        #expect(try permissions(of: copy.url.deletingLastPathComponent()) == 0o700)
        let (writer, _) = try fleet.instance()
        writer[\.[string: "mode"]] = "changed while the instance was down"
        try writer.flush()
        try server.halt()

        // Down at start: the store starts from the copy.
        let (logger, messages) = CapturingLogHandler.logger()
        let (second, secondStore) = try fleet.instance(logger: logger, offline)
        guard case .offline = secondStore.connectionState else {
            Issue.record("started \(secondStore.connectionState), not offline")
            return
        }
        #expect(second[\.[int: "limit"]] == 100)
        #expect(second[\.[string: "mode"]] == "normal", "what the copy holds")
        #expect(messages.all.contains { $0.message.contains("starting offline") })
        try PreferenceWriteReason.$current.withValue("INC-7: raised while offline") {
            try secondStore.write(["limit": 150])
        }
        let refused = #expect(throws: PostgresPreferenceStoreError.self) { try second.flush() }
        #expect(refused?.kind == .notCommitted)
        secondStore.close()

        // Down at a restart: the write made offline is still there, in the copy.
        let third = try fleet.instance(offline)
        #expect(third.prefs[\.[int: "limit"]] == 150)
        let states = Collected<PostgresPreferenceStore.ConnectionState>()
        let stateToken = third.store.observeConnectionState { states.append($0) }
        let observed = ObservedStrings(third.prefs, "mode")

        try server.resume()
        #expect(eventually(within: 30, "connected again") { third.store.connectionState == .connected })
        #expect(eventually("the offline write is committed") { (try? third.prefs.flush()) != nil })
        #expect(
            eventually("the change made meanwhile arrives") { observed.all == ["changed while the instance was down"] })
        // Observers hear a state after it is set, on the tracker's queue.
        #expect(eventually("the states arrive") { states.all.suffix(2) == [.catchingUp, .connected] })
        let history = try third.store.history(of: "limit")
        #expect(history.last?.newValue == .integer(150))
        #expect(history.last?.reason == "INC-7: raised while offline")
        #expect(eventually("the writer hears it") { writer[\.[int: "limit"]] == 150 })
        withExtendedLifetime(stateToken) {}
        fleet.close()
    }

    @Test func withoutACopyFileYetAnOfflineStartServesTheDefaultsAndQueuesTheWrites() throws {
        let server = try PostgresTestServer.start()
        defer { try? server.cancel() }
        let fleet = try Fleet(server: server)
        _ = try fleet.store()  // the tables
        try server.halt()
        let folder = try TemporaryDirectory()
        let (prefs, store) = try fleet.instance {
            $0.offlineCopy = .init(url: folder.url.appendingPathComponent("copy.json"), interval: .milliseconds(10))
        }
        #expect(prefs[\.[int: "limit"]] == 0, "the default")
        prefs[\.[int: "limit"]] = 7
        #expect(
            eventually("the write reaches the copy within its interval") {
                (try? Data(contentsOf: folder.url.appendingPathComponent("copy.json")))
                    .map { String(decoding: $0, as: UTF8.self).contains("\"limit\": 7") } ?? false
            })
        try server.resume()
        #expect(eventually(within: 30, "committed once the database is back") { (try? prefs.flush()) != nil })
        #expect(try fleet.store().value(forKey: "limit") == .integer(7))
        withExtendedLifetime(store) {}
        fleet.close()
    }

    @Test func aServerKilledMidCatchUpLeavesTheInstanceOfflineUntilItCatchesUpWhole() throws {
        let server = try PostgresTestServer.start()
        defer { try? server.cancel() }
        let fleet = try Fleet(server: server)
        let (writer, _) = try fleet.instance()
        writer[\.[int: "a"]] = 1
        try writer.flush()
        let cut = try CutOffInstance(fleet: fleet)
        defer { cut.close() }
        let observed = ObservedKeys(cut.prefs, ["a", "b"])
        #expect(try cut.cutOff() >= 1)
        writer[\.[int: "a"]] = 2
        writer[\.[int: "b"]] = 3
        try writer.flush()

        // The catch-up read waits for a lock on the values; the server dies while it waits.
        let locker = try server.holdLock("LOCK TABLE prefs_values IN ACCESS EXCLUSIVE MODE")
        defer { locker.end() }
        try cut.letBackIn()
        #expect(eventually(within: 30, "the instance is catching up") { cut.store.connectionState == .catchingUp })
        #expect(
            eventually("its read waits for the lock") {
                (try? server.sql(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(cut.applicationName)' "
                        + "AND wait_event_type = 'Lock'")) == "1"
            })
        try server.crash()
        #expect(eventually("offline again") { if case .offline = cut.store.connectionState { true } else { false } })
        #expect(cut.prefs[\.[int: "a"]] == 1, "nothing of the cut-short read was applied")

        try server.resume()
        #expect(eventually(within: 30, "connected") { cut.store.connectionState == .connected })
        #expect(cut.store.value(forKey: "a") == .integer(2), "the store is up to date once connected")
        #expect(eventually("the container hears it") { cut.prefs[\.[int: "a"]] == 2 && cut.prefs[\.[int: "b"]] == 3 })
        #expect(eventually("each changed key observed once") { observed.calls == ["a": [2], "b": [3]] })
        fleet.close()
    }

    @Test func aDamagedCopyIsMovedAsideAndACopyOfAnotherNamespaceIsRefused() throws {
        let fleet = try Fleet()
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("copy.json")
        try Data("{ not json".utf8).write(to: url)
        let (logger, messages) = CapturingLogHandler.logger()
        let store = try fleet.store(logger: logger) { $0.offlineCopy = .init(url: url) }
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix("copy.json.corrupt-")
        }
        #expect(aside.count == 1, "the damaged copy is kept aside")
        #expect(messages.all.contains { $0.level == .error && $0.message.contains("is damaged") })
        try store.write(["k": 1])
        try store.flush()
        store.close()

        let other = try Fleet()
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try other.store { $0.offlineCopy = .init(url: url) }
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(error?.message.contains("holds namespace '\(fleet.namespace)'") == true)
        #expect(try Data(contentsOf: url).count > 0, "left as it is")
    }

    private func permissions(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? 0) & 0o777
    }
}

/// Every value a container's observers saw of one String key.
final class ObservedStrings: @unchecked Sendable {
    private let values = Collected<String>()
    private var token: PreferenceObservationToken?

    init(_ prefs: Preferences, _ key: String) {
        let values = self.values
        token = prefs.observe(\.[string: key]) { values.append($0.newValue) }
    }

    var all: [String] { values.all }
}
