internal import ArgumentParser
internal import Prefs
internal import PrefsCommand

/// `prefs list`: every key in the file, with the kind and value of what it holds.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every key in the file with its type and value.",
        discussion: "With --json, prints the file's contents as a JSON object, in the file's format."
    )

    @OptionGroup var location: LocationOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let console = Console.current
        try console.run {
            let file = try location.preferences
            let members = try file.read()
            if output.json { return console.print(ValueText.json(.dictionary(members), pretty: true)) }
            guard !members.isEmpty else { return console.note("\(file.name) holds no preferences") }
            var table = TextTable(header: ["KEY", "TYPE", "VALUE"])
            for name in members.keys.sorted() {
                let value = members[name]!
                table.append([.init(name, .cyan), .init(value.kindName, .dim), .init(ValueText.line(value))])
            }
            console.print(table.render(console.outputStyle))
        }
    }
}
