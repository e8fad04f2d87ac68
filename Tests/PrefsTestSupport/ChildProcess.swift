package import Foundation
package import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A running helper executable of the package, with its output readable line by line while it runs.
///
/// Why Foundation's `Process` and not swift-subprocess (1.0.2): that package does this job well on Linux here (4
/// children at a time streamed line by line and killed with SIGKILL, 400 in 3.3 s, each reported as `signaled(9)`,
/// no hang), but only from async code and only inside the closure its `run` calls: the execution must not outlive
/// it. The tests that use this type are synchronous and hold several children at once across synchronous store
/// calls; on Subprocess each would become async and be rewritten around one closure per child, and a synchronous
/// wrapper would block the cooperative pool's threads (two on the 2-core CI machine) waiting for the tasks that read
/// the children, which starves async tests. So the tests keep this small synchronous type.
package final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var buffer = ""
    /// Signalled once the child's output has ended (every writer closed the pipe).
    private let outputEnded = DispatchSemaphore(value: 0)
    /// The child's status once it has exited and been reaped.
    private let exitLock = NSLock()
    private var exit: Int32?

    /// The build directory of this test run: where the package's executables are.
    package static var buildDirectory: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The runner may be inside a bundle directory; climb until the `Modules` folder is found.
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// Starts an executable of the package.
    ///
    /// - Parameters:
    ///   - arguments: Its arguments.
    ///   - executable: The executable target's name.
    ///   - environment: Variables added to (or replacing those of) the test process's environment.
    /// - Throws: An error when the executable cannot be started.
    package init(
        _ arguments: [String],
        executable: String = "PrefsTestHelper",
        environment: [String: String] = [:]
    ) throws {
        process.executableURL = Self.buildDirectory.appendingPathComponent(executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // A thread of its own reads the pipe until it ends, with blocking reads: a `readabilityHandler` (a dispatch
        // read source) torn down with its pipe can crash libdispatch's event loop on Linux
        // (swift-corelibs-foundation PR 5507: `_dispatch_event_loop_drain`), which this suite met in 4 of about 20
        // runs.
        let reading = pipe.fileHandleForReading
        let reader = Thread { [self] in
            while true {
                let data = reading.availableData  // waits for output; empty once every writer closed the pipe
                if data.isEmpty { break }
                lock.withLock { buffer += String(decoding: data, as: UTF8.self) }
            }
            outputEnded.signal()
        }
        reader.start()
    }

    /// Waits (a few seconds at most) until the child's output has ended, so that its last lines are read.
    private func waitForTheEndOfOutput() {
        if outputEnded.wait(timeout: .now() + 5 * deadlineScale) == .success { outputEnded.signal() }
    }

    /// Everything the child printed so far, as lines.
    package var lines: [String] { lock.withLock { buffer.split(separator: "\n").map(String.init) } }

    /// Waits until a printed line satisfies `predicate`; fails the test after `seconds`.
    @discardableResult
    package func waitForLine(
        within seconds: Double = 30,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) -> String? {
        let deadline = Date().addingTimeInterval(seconds * deadlineScale)
        while Date() < deadline {
            if let line = lines.first(where: predicate) { return line }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.0005)
        }
        waitForTheEndOfOutput()  // the last output of an exited child
        if let line = lines.first(where: predicate) { return line }
        Issue.record("no matching line within \(seconds) s; output: \(lines.suffix(8))", sourceLocation: sourceLocation)
        return nil
    }

    /// Kills the child with SIGKILL, as a crash or a power cut would end it.
    package func kill() {
        if exitLock.withLock({ exit }) == nil && process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        wait()
    }

    /// Waits for the child to exit and for its output to end, so that ``lines`` holds everything it printed; returns
    /// its status.
    @discardableResult
    package func wait() -> Int32 {
        let status = exitLock.withLock {
            if let exit { return exit }
            let status = process.exitStatus()  // reaped: its process ID may be another process's from now on
            exit = status
            return status
        }
        waitForTheEndOfOutput()
        return status
    }

    /// Runs an executable of the package to completion and returns its status and output.
    package static func run(
        _ arguments: [String],
        executable: String = "PrefsTestHelper"
    ) throws -> (status: Int32, output: [String]) {
        let child = try ChildProcess(arguments, executable: executable)
        let status = child.wait()
        return (status, child.lines)
    }
}

/// A temporary folder for one test, removed afterwards.
package final class TemporaryDirectory: Sendable {
    /// The folder.
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-tests-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file in the folder (it need not exist).
    package func file(_ name: String = "preferences.json") -> URL { url.appendingPathComponent(name) }

    /// The names in the folder, sorted.
    package func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

    /// Writes text to a file in the folder and returns the file.
    @discardableResult
    package func write(_ text: String, to name: String = "preferences.json") throws -> URL {
        try Data(text.utf8).write(to: file(name))
        return file(name)
    }

    /// A file's text.
    package func contents(of name: String = "preferences.json") throws -> String {
        try String(contentsOf: file(name), encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
