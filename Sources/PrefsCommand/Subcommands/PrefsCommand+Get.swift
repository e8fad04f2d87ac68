internal import ArgumentParser
internal import Prefs

extension PrefsCommand {
    /// `get KEY`: the key's current value.
    struct Get: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "Print a key's current value (`nil` for an optional key without one).")
        }

        @Argument(help: "The key's stored name, as `list` shows it.") var key: String
        @OptionGroup var output: OutputOptions
        @OptionGroup var secrets: SecretOptions

        func run() throws {
            let console = Console.current
            try console.run {
                let key = try Catalog.key(named: key)
                let value = Catalog.preferences.currentValue(of: key)
                if secrets.hides(key) {
                    console.note("note: '\(key.name)' is secret; pass --show-secrets to print its value")
                    return console.print(
                        output.json ? ValueText.json(.string(SecretOptions.placeholder)) : SecretOptions.placeholder)
                }
                if output.json {
                    console.print(ValueText.json(value, pretty: true))
                } else {
                    console.print(value.map(ValueText.plain) ?? "nil")
                }
            }
        }
    }
}
