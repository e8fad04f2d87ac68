import Foundation
import PrefsTestSupport
import Testing

/// How often each operation takes Prefs' locks on the caller's thread, counted from outside the library: the test
/// helper runs the operation (`LockProbe.swift`) under valgrind's callgrind, which dumps its counters when the
/// operation starts and ends, one file per thread; the calls of `Lock.acquire()` in the caller's thread are counted
/// by the function that took the lock. These are the counts the Architecture article states. Not under a sanitizer
/// (`scripts/sanitizers.sh` sets `PREFS_SANITIZER`): valgrind cannot run a sanitized binary, and the counts are the
/// same code's.
@Suite(
    .timeLimit(.minutes(scaledMinutes(5))),
    .enabled(if: ProcessInfo.processInfo.environment["PREFS_SANITIZER"] == nil, "valgrind cannot run a sanitized build")
)
struct LockCountTests {
    /// Lock sites, by the function that takes the lock: the container's and the link's.
    private static let containerSites = ["Preferences.locked", "Preferences.apply", "Preferences.nextDelivery"]
    private static let linkSites = ["StoreLink."]

    struct Expectation: Sendable, CustomStringConvertible {
        let operation: String
        let container: Int
        let link: Int
        var description: String { operation }
    }

    @Test(arguments: [
        Expectation(operation: "read-cached", container: 1, link: 0),
        Expectation(operation: "wrapper-read", container: 1, link: 0),
        Expectation(operation: "read-first", container: 2, link: 1),
        Expectation(operation: "read-other-first", container: 2, link: 1),
        Expectation(operation: "write", container: 2, link: 1),
        Expectation(operation: "write-two", container: 3, link: 1),
        Expectation(operation: "write-observed", container: 3, link: 1),
        Expectation(operation: "reset", container: 2, link: 1),
    ])
    func theCallersThreadTakesTheStatedLocks(_ expected: Expectation) throws {
        let sites = try Self.lockCalls(of: expected.operation)
        let container = sites.filter { site in Self.containerSites.contains { site.key.hasPrefix($0) } }
        let link = sites.filter { site in Self.linkSites.contains { site.key.hasPrefix($0) } }
        #expect(container.values.reduce(0, +) == expected.container, "container's lock: \(container)")
        #expect(link.values.reduce(0, +) == expected.link, "link's lock: \(link)")
        #expect(container.count + link.count == sites.count, "no other lock of Prefs: \(sites)")
    }

    /// Runs the helper's probe of `operation` under callgrind and counts the calls of `Lock.acquire()` on its main
    /// thread during the operation, by the function that took the lock (demangled, without its arguments).
    private static func lockCalls(of operation: String) throws -> [String: Int] {
        let valgrind = try #require(
            ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "valgrind is needed (apt-get install valgrind; .ci/run installs it)")
        let directory = try TemporaryDirectory()
        let output = directory.url.appendingPathComponent("probe.callgrind").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = [
            "--tool=callgrind", "--separate-threads=yes", "--separate-callers=3",
            "--dump-before=*probedOperation*", "--dump-before=*probeEnded*", "--callgrind-out-file=\(output)",
            ChildProcess.buildDirectory.appendingPathComponent("PrefsTestHelper").path, "lock-probe", "-", operation,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let status = process.exitStatus()
        try #require(status == 0, "the probe of \(operation) failed under valgrind")
        // Dump 2 holds what happened between the operation's start and its end; thread 1 is the caller's.
        let dump = try String(contentsOfFile: output + ".2-01", encoding: .utf8)
        return try demangled(acquireCallsBySite(in: dump))
    }

    /// Sums the `calls=` lines whose callee context is `Lock.acquire()` ← `Lock.withLock` ← site, by site.
    private static func acquireCallsBySite(in dump: String) -> [String: Int] {
        var names: [String: String] = [:]
        var callee: String?
        var calls: [String: Int] = [:]
        for line in dump.split(separator: "\n") {
            if line.hasPrefix("cfn=(") || line.hasPrefix("fn=(") {
                let body = line.drop { $0 != "(" }.dropFirst()
                let id = String(body.prefix { $0 != ")" })
                let name = body.drop { $0 != ")" }.dropFirst().trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { names[id] = name }
                if line.hasPrefix("cfn=") { callee = names[id] }
            } else if line.hasPrefix("calls="), let callee, callee.hasPrefix("$s5Prefs4LockC7acquireyyF'") {
                let context = callee.split(separator: "'")
                let site = context.count > 2 ? String(context[2]) : "?"
                calls[site, default: 0] += Int(line.dropFirst(6).prefix { $0.isNumber }) ?? 0
            }
        }
        return calls
    }

    /// The sites' names, demangled by `swift demangle` and cut before their arguments.
    private static func demangled(_ calls: [String: Int]) throws -> [String: Int] {
        guard !calls.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift-demangle", "--simplified"] + calls.keys.sorted()
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = process.exitStatus()
        var result: [String: Int] = [:]
        for (mangled, line) in zip(calls.keys.sorted(), text.split(separator: "\n")) {
            let name = String(line.components(separatedBy: " ---> ").last ?? "")
            result[String(name.prefix { $0 != "(" && $0 != "<" }), default: 0] += calls[mangled]!
        }
        return result
    }
}
