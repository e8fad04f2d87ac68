import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import PrefsTesting
import Testing

/// Generated outage patterns, under CPU load (stress-ng, when installed): rounds of a server restart, a restore from a
/// dump, a namespace dropped and created again, truncated values, removals (purged or not) while an instance is cut
/// off, each with random writes around it. After every round the instance holds exactly what the database holds, and
/// each key whose value differs from what it held before the round reached its observers once, with that value.
/// `PREFS_TEST_SEED` replays a run; `PREFS_OUTAGE_ROUNDS` sets the rounds per mode (default 6).
@Suite(.requiresPostgreSQL, .pacedThreads, .serialized, .timeLimit(.minutes(scaledMinutes(6))))
struct OutagePatternTests {
    enum Pattern: CaseIterable {
        case restart, restoreFromDump, namespaceRecreated, truncated, removalsPurged, removalsWhileCutOff
    }

    static let keys = (0..<8).map { "k\($0)" }

    @Test(arguments: [PostgresPreferenceStore.Configuration.Sessions.one, .two])
    func everyInstanceConvergesAndObservesEachChangedKeyOnce(
        sessions: PostgresPreferenceStore.Configuration.Sessions
    )
        throws
    {
        let seed = PreferenceValueGenerator.environmentSeed &+ (sessions == .one ? 1 : 2)
        var random = PreferenceValueGenerator(seed: seed)
        let rounds = Int(ProcessInfo.processInfo.environment["PREFS_OUTAGE_ROUNDS"] ?? "") ?? 6
        let load = CPULoad()
        defer { load.stop() }
        let server = try PostgresTestServer.start()
        defer { try? server.cancel() }
        let fleet = try Fleet(server: server)
        let (logger, messages) = CapturingLogHandler.logger()
        let (writer, _) = try fleet.instance(logger: logger) { $0.sessions = sessions }
        for key in Self.keys { writer[\.[int: key]] = 1 }
        try writer.flush()
        let watched = try CutOffInstance(fleet: fleet) { $0.sessions = sessions }
        defer { watched.close() }
        let observed = ObservedKeys(watched.prefs, Self.keys)
        var patterns: [Pattern] = []

        for round in 1...rounds {
            try #require(converged(watched.prefs, fleet), "round \(round) starts from a converged instance")
            observed.reset()
            let before = values(of: watched.prefs)
            let pattern = Pattern.allCases.randomElement(using: &random)!
            patterns.append(pattern)
            print("[PrefsPostgres] outage patterns, \(sessions) session(s), seed \(seed): round \(round), \(pattern)")
            try apply(pattern, fleet: fleet, server: server, writer: writer, watched: watched, random: &random)
            if ProcessInfo.processInfo.environment["PREFS_OUTAGE_LOG"] != nil { print(messages.text) }
            #expect(
                converged(watched.prefs, fleet),
                "seed \(seed), round \(round) (\(pattern)): the instance holds what the database holds")
            let after = try truth(fleet)
            let expected = Dictionary(
                uniqueKeysWithValues: Self.keys.map { key in
                    (key, before[key] == after[key, default: 0] ? [] : [after[key, default: 0]])
                })
            #expect(
                eventually("each changed key observed once") { observed.calls == expected },
                "seed \(seed), round \(round) (\(pattern)): \(observed.calls) != \(expected)")
        }
        print(
            "[PrefsPostgres] outage patterns, \(sessions) session(s), seed \(seed), CPU load \(load.description): "
                + patterns.map { "\($0)" }.joined(separator: ", "))
        fleet.close()
    }

    /// Runs one pattern with random writes around it; returns once the instance can catch up.
    private func apply(
        _ pattern: Pattern,
        fleet: Fleet,
        server: PostgresTestServer,
        writer: Preferences,
        watched: CutOffInstance,
        random: inout PreferenceValueGenerator
    ) throws {
        func writeSome() throws {
            for key in Self.keys.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)) {
                if Bool.random(using: &random) {
                    writer.reset(\.[int: key])
                } else {
                    writer[\.[int: key]] = Int.random(in: 2...1_000, using: &random)
                }
            }
        }
        switch pattern {
        case .restart:
            try server.halt()
            try writeSome()  // queued while the server is down
            try server.resume()
            #expect(eventually(within: 30, "the writer commits again") { (try? writer.flush()) != nil })
            return
        case .restoreFromDump:
            try watched.cutOff()
            let dump = try fleet.dump()
            try writeSome()
            try writer.flush()
            try fleet.restore(dump)
            try writeSome()
        case .namespaceRecreated:
            try watched.cutOff()
            try fleet.sql("SELECT prefs_drop_namespace('\(fleet.namespace)')")
            try writeSome()
        case .truncated:
            try watched.cutOff()
            try fleet.sql("TRUNCATE prefs_values")
            try writeSome()
        case .removalsPurged:
            try watched.cutOff()
            try writeSome()
            try writer.flush()
            try fleet.sql("DELETE FROM prefs_values WHERE namespace = '\(fleet.namespace)' AND value IS NULL")
        case .removalsWhileCutOff:
            try watched.cutOff()
            try writeSome()
        }
        #expect(eventually(within: 30, "the writer commits") { (try? writer.flush()) != nil })
        try watched.letBackIn()
    }

    /// Waits until the instance holds what the database holds.
    private func converged(_ prefs: Preferences, _ fleet: Fleet) -> Bool {
        eventually(within: 60, "the instance converges") {
            guard let truth = try? truth(fleet) else { return false }
            return Self.keys.allSatisfy { prefs[\.[int: $0]] == truth[$0, default: 0] }
        }
    }

    private func values(of prefs: Preferences) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: Self.keys.map { ($0, prefs[\.[int: $0]]) })
    }

    /// The namespace's values as the database holds them.
    private func truth(_ fleet: Fleet) throws -> [String: Int] {
        let text = try fleet.sql(
            "SELECT coalesce(string_agg(key || '=' || value::text, ',' ORDER BY key), '') FROM prefs_values "
                + "WHERE namespace = '\(fleet.namespace)' AND value IS NOT NULL")
        var values: [String: Int] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }
}

/// Both cores busy with stress-ng while it runs, when stress-ng is installed (`apt-get install stress-ng`). It runs in a
/// session of its own, with a watchdog that ends it when this process ends, however it ends.
///
/// No load under a sanitizer (`PREFS_SANITIZER`, set by `scripts/sanitizers.sh`): sanitized code is slow enough to
/// shift every timing already, and the load would keep both cores busy for as long as this suite runs sanitized (up
/// to its 15-minute limit a case) beside every other suite of the run.
final class CPULoad: CustomStringConvertible, @unchecked Sendable {
    private let process: Process?
    /// The process group of stress-ng and its watchdog.
    private let group: pid_t?

    init(workers: Int = 2) {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/stress-ng" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        let owner = ProcessInfo.processInfo.processIdentifier
        process.arguments = [
            "/bin/bash", "-c",
            "echo $$; '\(path ?? "stress-ng")' --cpu \(workers) --timeout 900s --quiet & "
                + "while kill -0 \(owner) 2>/dev/null; do sleep 1; done; kill -KILL 0",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard path != nil, ProcessInfo.processInfo.environment["PREFS_SANITIZER"] == nil, (try? process.run()) != nil
        else {
            (self.process, group) = (nil, nil)
            return
        }
        // The first line is the group's id (setsid forks when it cannot lead a session of its own).
        var line = Data()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        self.process = process
        group = pid_t(String(decoding: line, as: UTF8.self))
    }

    var description: String {
        if process != nil { return "stress-ng --cpu 2" }
        let sanitized = ProcessInfo.processInfo.environment["PREFS_SANITIZER"] != nil
        return sanitized ? "none (under a sanitizer)" : "none (stress-ng is not installed)"
    }

    /// Ends stress-ng and its watchdog.
    func stop() {
        guard let process, let group else { return }
        kill(-group, SIGKILL)
        _ = process.exitStatus()
    }
}
