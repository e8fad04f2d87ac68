internal import ArgumentParser
internal import PrefsCommand

/// `prefs get KEY`: one value.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print a key's value.",
        discussion: """
            Strings are printed as they are, dates in ISO 8601, data in base64, arrays and dictionaries as JSON. \
            With --json, the value is printed as JSON in the file's format.
            """
    )

    @Argument(help: "The key.") var key: String
    @OptionGroup var location: LocationOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let console = Console.current
        try console.run {
            let file = try location.preferences
            let members = try file.read()
            guard let value = members[key] else {
                throw PrefsFailure.unknownKey(key, known: members.keys.sorted(), in: "in \(file.name)")
            }
            console.print(output.json ? ValueText.json(value, pretty: true) : ValueText.plain(value))
        }
    }
}
