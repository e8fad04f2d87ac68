internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand

/// `prefs export [--output F]`: the whole file as a JSON document.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every key as a JSON document, in the file's format, to standard output or a file."
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead.", valueName: "file"))
    var output: String?
    @OptionGroup var location: LocationOptions

    func run() throws {
        let console = Console.current
        try console.run {
            let document = PreferenceJSON.encode(try location.preferences.read())
            guard let output else { return console.print(String(decoding: document.dropLast(), as: UTF8.self)) }
            do {
                try document.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw PrefsFailure(.inaccessibleFile, "cannot write \(output): \(error.localizedDescription)")
            }
        }
    }
}
