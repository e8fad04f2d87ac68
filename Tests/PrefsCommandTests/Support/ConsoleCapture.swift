import ArgumentParser
import Foundation
import Prefs
import PrefsCommand
import PrefsTestSupport

/// What a command printed in this process, through a console bound for the test.
final class ConsoleCapture: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var streams = ["", ""]

    /// A console that writes here, coloured or not.
    func console(colored: Bool = false) -> Console {
        Console(outputStyle: TextStyle(usesColor: colored), errorStyle: TextStyle(usesColor: colored)) {
            [self] stream, text in
            lock.withLock { streams[stream == .output ? 0 : 1] += text }
        }
    }

    var output: String { lock.withLock { streams[0] } }
    var error: String { lock.withLock { streams[1] } }
}

/// The result of running an embedded command in this process.
struct CommandRun {
    let exitCode: Int32
    let output: String
    let error: String
}

/// Parses `arguments` as `Root` would in an app, runs the command with `preferences` as
/// `Preferences.standard` and a capturing console, and returns what it printed and its exit code.
func run<Root: ParsableCommand>(
    _ root: Root.Type,
    _ arguments: [String],
    preferences: Preferences,
    colored: Bool = false
) -> CommandRun {
    let capture = ConsoleCapture()
    var exitCode: Int32 = 0
    Console.$current.withValue(capture.console(colored: colored)) {
        Preferences.withStandard(preferences) {
            do {
                var command = try Root.parseAsRoot(arguments)
                try command.run()
            } catch {
                exitCode = Root.exitCode(for: error).rawValue
            }
        }
    }
    return CommandRun(exitCode: exitCode, output: capture.output, error: capture.error)
}
