import Foundation
import Logging
import PostgresNIO
import Prefs
import PrefsPostgres

/// The instances or sessions of one driver process.
protocol DriverFleet {
    /// Each instance writes its own key and flushes, as fast as it can, for `seconds`.
    func storm(seconds: Double, prefix: String)
    /// Waits until every instance sees every expected value; returns how many do.
    func converge(on expected: [String: Int], within seconds: Double) -> Int
    /// Closes every instance.
    func close()
}

/// Prefs instances: a `PostgresPreferenceStore` and a container each, every one with its own sessions.
final class PrefsDriverFleet: DriverFleet, @unchecked Sendable {
    private let instances: [(prefs: Preferences, store: PostgresPreferenceStore)]
    private let arrivals: Arrivals
    private var tokens: [PreferenceObservationToken] = []

    init(
        count: Int,
        namespace: String,
        sessions: PostgresPreferenceStore.Configuration.Sessions,
        separateNamespaces: Bool,
        sharedListener: Bool = false,
        observing: Bool,
        logger: Logger
    ) throws {
        arrivals = Arrivals(listeners: count)
        instances = try (0..<count).map { index in
            var configuration = try PostgresPreferenceStore.Configuration(
                namespace: separateNamespaces
                    ? "\(namespace)-\(ProcessInfo.processInfo.processIdentifier)-\(index)" : namespace)
            configuration.sessions = sessions
            configuration.sharesListener = sharedListener
            configuration.flushTimeout = .seconds(60)
            configuration.connection.options.additionalStartupParameters = [("application_name", "fleet-driver")]
            let store = try PostgresPreferenceStore(configuration: configuration, logger: logger)
            return (Preferences(store: store), store)
        }
        if observing {
            let arrivals = self.arrivals
            tokens = instances.map { instance in
                instance.prefs.observe(\.[fleet: "fleet"]) { arrivals.record($0.newValue) }
            }
        }
    }

    func storm(seconds: Double, prefix: String) {
        let end = monotonicNanoseconds() + Int(seconds * 1e9)
        let results = NSLock()
        nonisolated(unsafe) var durations: [Int] = []
        nonisolated(unsafe) var last: [(String, Int)] = []
        let finished = DispatchGroup()
        // A thread per instance: each blocks in flush(), as a server's request threads would.
        for index in instances.indices {
            finished.enter()
            let prefs = instances[index].prefs
            let key = "\(prefix)\(ProcessInfo.processInfo.processIdentifier)-\(index)"
            Thread.detachNewThread {
                var value = 0
                var mine: [Int] = []
                while monotonicNanoseconds() < end {
                    value += 1
                    let start = monotonicNanoseconds()
                    prefs[\.[fleet: key]] = value
                    do { try prefs.flush() } catch { say("error \(error)") }
                    mine.append(monotonicNanoseconds() - start)
                }
                results.withLock {
                    durations += mine
                    last.append((key, value))
                }
                finished.leave()
            }
        }
        finished.wait()
        for (key, value) in last { say("wrote \(key) \(value)") }
        durations.sort()
        let p50 = durations.isEmpty ? 0 : durations[durations.count / 2]
        let p99 = durations.isEmpty ? 0 : durations[min(durations.count - 1, durations.count * 99 / 100)]
        say("flushes \(p50) \(p99) \(durations.count)")
        say("done")
    }

    func converge(on expected: [String: Int], within seconds: Double) -> Int {
        let end = monotonicNanoseconds() + Int(seconds * 1e9)
        func converged() -> Int {
            instances.filter { instance in expected.allSatisfy { instance.prefs[\.[fleet: $0.key]] == $0.value } }.count
        }
        while monotonicNanoseconds() < end, converged() < instances.count { usleep(10_000) }
        return converged()
    }

    func close() {
        tokens.forEach { $0.cancel() }
        for instance in instances { instance.store.close() }
    }
}

/// The floor: plain postgres-nio sessions, each `LISTEN`ing on one channel, on one event loop as a process's
/// Prefs instances are.
final class FloorDriverFleet: DriverFleet, @unchecked Sendable {
    private static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let connections: [PostgresConnection]

    init(count: Int, channel: String, logger: Logger) throws {
        let arrivals = Arrivals(listeners: count)
        let configuration = try PostgresPreferenceStore.Configuration(namespace: "floor").connection
        connections = try (0..<count).map { index in
            let connection = try PostgresConnection.connect(
                on: Self.group.next(), configuration: configuration, id: index, logger: logger
            ).wait()
            connection.addListener(channel: channel) { _, notification in
                if let value = Int(notification.payload) { arrivals.record(value) }
            }
            _ = try connection.query("LISTEN \"\(channel)\"", logger: logger).wait()
            return connection
        }
    }

    func storm(seconds: Double, prefix: String) { say("done") }
    func converge(on expected: [String: Int], within seconds: Double) -> Int { 0 }

    func close() {
        for connection in connections { try? connection.close().wait() }
    }
}
