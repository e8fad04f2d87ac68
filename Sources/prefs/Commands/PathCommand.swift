internal import ArgumentParser
internal import Foundation
internal import PrefsCommand

/// `prefs path`: where the preferences file is, whether or not it exists yet.
struct PathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the preferences file's path (it may not exist yet)."
    )

    @OptionGroup var location: LocationOptions

    func run() throws {
        let console = Console.current
        try console.run { console.print(try location.preferences.name) }
    }
}
