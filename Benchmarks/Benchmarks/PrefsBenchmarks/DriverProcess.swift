import Foundation

/// A `FleetDriver` child process: its instances connect with the cluster's libpq variables; its output lines are
/// collected as they come, and commands are written to its standard input.
final class DriverProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var buffer = ""

    /// The driver executable, built next to the benchmark (`swift build -c release --product FleetDriver`).
    static var executable: URL {
        get throws {
            let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            let candidates = [
                here.appendingPathComponent("FleetDriver"),
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent(".build/release/FleetDriver"),
            ]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw BenchmarkServerError(
                    message: "FleetDriver is not built: run `swift build -c release --product FleetDriver` in "
                        + "Benchmarks (compare.sh does)")
            }
            return found
        }
    }

    init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = try Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        // A thread of its own reads the driver's output with blocking reads until the pipe ends: a
        // `readabilityHandler` (a dispatch read source) torn down with its pipe can crash libdispatch's event loop on
        // Linux, as the test support's `ChildProcess` met (swift-corelibs-foundation PR 5507).
        let reading = output.fileHandleForReading
        Thread { [weak self] in
            while true {
                let data = reading.availableData  // waits for output; empty once the driver closed the pipe
                guard let self, !data.isEmpty else { return }
                self.received(data)
            }
        }.start()
    }

    /// Adds output to the buffer and hands out its complete lines.
    private func received(_ data: Data) {
        condition.withLock {
            buffer += String(decoding: data, as: UTF8.self)
            while let newline = buffer.firstIndex(of: "\n") {
                lines.append(String(buffer[..<newline]))
                buffer = String(buffer[buffer.index(after: newline)...])
            }
            condition.broadcast()
        }
    }

    /// Sends a command line.
    func send(_ command: String) {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
    }

    /// Removes and returns the first line that satisfies `predicate`, waiting up to `seconds`.
    func take(within seconds: Double = 120, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        return try condition.withLock {
            while true {
                if let index = lines.firstIndex(where: predicate) { return lines.remove(at: index) }
                if let error = lines.first(where: { $0.hasPrefix("error") }) {
                    throw BenchmarkServerError(message: "a fleet driver failed: \(error)")
                }
                guard condition.wait(until: deadline) else {
                    throw BenchmarkServerError(
                        message: "a fleet driver said nothing in \(seconds) s; last: \(lines.suffix(3))")
                }
            }
        }
    }

    /// Removes and returns every line that satisfies `predicate` so far.
    func takeAll(_ predicate: (String) -> Bool) -> [String] {
        condition.withLock {
            let taken = lines.filter(predicate)
            lines.removeAll(where: predicate)
            return taken
        }
    }

    /// The process's CPU time so far, as it reports it.
    func cpuNanoseconds() throws -> Int {
        send("cpu")
        return Int(try take { $0.hasPrefix("cpu ") }.dropFirst(4)) ?? 0
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Ends the process.
    func quit() {
        send("quit")
        process.waitUntilExit()
    }
}
