package import Foundation
package import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A built executable of this package (`prefs`, `example-app`) running as a child process, with
/// its standard output and error collected separately, readable while it runs.
package final class ToolProcess: @unchecked Sendable {
    /// What a finished run printed, and how it ended.
    package struct Result {
        package let status: Int32
        package let output: String
        package let error: String
        package var outputLines: [String] { output.split(separator: "\n").map(String.init) }
    }

    private let process = Process()
    /// Standard output and error go to files, not pipes: a pipe's write end leaks into children
    /// that other tests start at the same moment, and its end of file would then wait for them.
    private let files: TemporaryDirectory

    /// The executable, built next to the test bundle.
    package static func url(of tool: String) -> URL { ChildProcess.buildDirectory.appendingPathComponent(tool) }

    /// Starts `tool` with `arguments`; the environment is this process's with `environment` on top
    /// (`NO_COLOR` and `EXAMPLE_APP_*` removed unless given), and `input` on its standard input.
    package init(_ tool: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws
    {
        files = try TemporaryDirectory()
        process.executableURL = Self.url(of: tool)
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment.filter {
            $0.key != "NO_COLOR" && !$0.key.hasPrefix("EXAMPLE_APP_")
        }
        inherited.merge(environment) { _, given in given }
        process.environment = inherited
        try files.write("", to: "stdout")
        try files.write("", to: "stderr")
        try files.write(String(decoding: input ?? Data(), as: UTF8.self), to: "stdin")
        process.standardOutput = try FileHandle(forWritingTo: files.file("stdout"))
        process.standardError = try FileHandle(forWritingTo: files.file("stderr"))
        process.standardInput = try FileHandle(forReadingFrom: files.file("stdin"))
        try process.run()
    }

    /// What the child printed on standard output so far.
    package var output: String { (try? files.contents(of: "stdout")) ?? "" }
    /// What the child printed on standard error so far.
    package var error: String { (try? files.contents(of: "stderr")) ?? "" }

    /// Waits until `predicate` holds for the output so far (standard output, or standard error);
    /// fails the test after `seconds`.
    @discardableResult
    package func waitFor(
        errorStream: Bool = false,
        within seconds: Double = 20,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) -> Bool {
        let deadline = Date().addingTimeInterval(seconds * deadlineScale)
        while Date() < deadline {
            if predicate(errorStream ? error : output) { return true }
            Thread.sleep(forTimeInterval: 0.001)
        }
        if predicate(errorStream ? error : output) { return true }
        Issue.record(
            "not printed within \(seconds) s; output: \(output.suffix(300)) error: \(error.suffix(300))",
            sourceLocation: sourceLocation)
        return false
    }

    /// Sends SIGINT, as Ctrl-C does, and waits for the child to end.
    @discardableResult
    package func interrupt() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        return finish().status
    }

    /// Waits for the child to exit.
    package func finish() -> Result {
        let status = process.exitStatus()
        return Result(status: status, output: output, error: error)
    }

    /// Runs a tool to completion.
    package static func run(
        _ tool: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        input: Data? = nil
    ) throws -> Result {
        try ToolProcess(tool, arguments, environment: environment, input: input).finish()
    }
}
