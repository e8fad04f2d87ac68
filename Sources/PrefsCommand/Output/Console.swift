internal import ArgumentParser
internal import Foundation

/// Where the tools write: standard output for results, standard error for messages, each with its
/// own ``TextStyle``. Tests bind ``current`` to a capturing console.
package struct Console: Sendable {
    /// One of the two streams.
    package enum Stream: Sendable {
        case output, error
    }

    private let sink: @Sendable (Stream, String) -> Void
    private let readLine: @Sendable () -> String?
    /// How results are coloured.
    package let outputStyle: TextStyle
    /// How messages are coloured.
    package let errorStyle: TextStyle

    /// A console writing through `sink`, and reading answers from `readLine` (nil: no more input).
    package init(
        outputStyle: TextStyle, errorStyle: TextStyle, readLine: @escaping @Sendable () -> String? = { nil },
        sink: @escaping @Sendable (Stream, String) -> Void
    ) {
        self.outputStyle = outputStyle
        self.errorStyle = errorStyle
        self.readLine = readLine
        self.sink = sink
    }

    /// The process's standard output and error, unbuffered, coloured only on a terminal.
    package static let standard: Console = {
        let environment = ProcessInfo.processInfo.environment
        return Console(
            outputStyle: .forDescriptor(1, environment: environment),
            errorStyle: .forDescriptor(2, environment: environment),
            readLine: {
                let line = Swift.readLine()
                // An answer typed on a terminal ends its line; one piped in does not show, so end the question's.
                if line != nil, !TextStyle.isTerminal(0) { FileHandle.standardError.write(Data("\n".utf8)) }
                return line
            }
        ) { stream, text in
            let handle = stream == .output ? FileHandle.standardOutput : FileHandle.standardError
            handle.write(Data(text.utf8))
        }
    }()

    /// The console commands write to: ``standard`` unless a test binds another one.
    @TaskLocal package static var current: Console = .standard

    /// Writes a line of results.
    package func print(_ line: String) { sink(.output, line + "\n") }

    /// Writes a line of explanation (progress, notes) to standard error.
    package func note(_ line: String) { sink(.error, line + "\n") }

    /// Asks a yes-or-no question on standard error and reads the answer from standard input.
    ///
    /// - Parameter question: The question, with its choices (`Remove them? [y/N] `).
    /// - Returns: Whether the answer was `y` or `yes`; no answer (the end of the input) is no.
    package func confirm(_ question: String) -> Bool {
        sink(.error, question)
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        if answer == nil { sink(.error, "\n") }
        return answer == "y" || answer == "yes"
    }

    /// Reports a failure on standard error as `error: …`.
    package func report(_ failure: PrefsFailure) {
        sink(.error, errorStyle.paint("error:", .red) + " " + failure.message + "\n")
    }

    /// Runs a command's work: a failure is reported on standard error and becomes its documented exit code.
    ///
    /// - Parameter body: The work.
    /// - Throws: `ExitCode` with the failure's code.
    package func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            let failure = PrefsFailure(error)
            report(failure)
            throw ExitCode(failure.exitCode.rawValue)
        }
    }

    /// Runs a command's asynchronous work, reporting failures like ``run(_:)``.
    ///
    /// - Parameter body: The work.
    /// - Throws: `ExitCode` with the failure's code.
    package func run(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            let failure = PrefsFailure(error)
            report(failure)
            throw ExitCode(failure.exitCode.rawValue)
        }
    }
}
