import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A running `PrefsTestHelper`, with its output readable line by line while it runs.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var buffer = ""

    /// The helper executable, built next to the test bundle.
    static var helperURL: URL {
        URL(
            fileURLWithPath: Compiler.modulesDirectory.deletingLastPathComponent().appendingPathComponent(
                "PrefsTestHelper"
            ).path)
    }

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = Self.helperURL
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.buffer += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Everything the child printed so far, as lines.
    var lines: [String] { lock.withLock { buffer.split(separator: "\n").map(String.init) } }

    /// Waits until a printed line satisfies `predicate`; fails the test after `seconds`.
    @discardableResult
    func waitForLine(
        within seconds: Double = 20,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = lines.first(where: predicate) { return line }
            if !process.isRunning, lines.first(where: predicate) == nil { break }
            Thread.sleep(forTimeInterval: 0.0005)
        }
        if let line = lines.first(where: predicate) { return line }
        Issue.record("no matching line within \(seconds) s; output: \(lines.suffix(5))", sourceLocation: sourceLocation)
        return nil
    }

    /// Kills the child with SIGKILL, as a crash or a power cut would end it.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the child to exit and returns its status.
    @discardableResult
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the helper to completion and returns its status and output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: [String]) {
        let child = try ChildProcess(arguments)
        let status = child.wait()
        Thread.sleep(forTimeInterval: 0.01)  // let the last output arrive
        return (status, child.lines)
    }
}

/// A temporary folder for one test, removed afterwards.
final class TemporaryDirectory: Sendable {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-tests-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func file(_ name: String = "preferences.json") -> URL { url.appendingPathComponent(name) }
    deinit { try? FileManager.default.removeItem(at: url) }
}
