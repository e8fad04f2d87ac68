import Foundation
import Testing

/// A running `PrefsPostgresTestHelper`, with its output readable line by line while it runs.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var buffer = ""

    /// The helper executable, built next to the test bundle.
    static var helperURL: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The runner may be inside a bundle directory; climb until the helper is found.
        for _ in 0..<4 {
            let helper = directory.appendingPathComponent("PrefsPostgresTestHelper")
            if FileManager.default.isExecutableFile(atPath: helper.path) { return helper }
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("PrefsPostgresTestHelper")
    }

    init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = Self.helperURL
        process.arguments = arguments
        process.environment = environment
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
        within seconds: Double = 30,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = lines.first(where: predicate) { return line }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.001)
        }
        Thread.sleep(forTimeInterval: 0.05)  // the last output of an exited child
        if let line = lines.first(where: predicate) { return line }
        Issue.record("no matching line within \(seconds) s; output: \(lines.suffix(8))", sourceLocation: sourceLocation)
        return nil
    }

    /// Ends the child with SIGKILL (a child spawned from a Dispatch thread may have SIGTERM blocked).
    func terminate() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Waits for the child to exit and returns its status.
    @discardableResult
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}
