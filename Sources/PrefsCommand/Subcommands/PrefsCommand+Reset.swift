internal import ArgumentParser
internal import Prefs

extension PrefsCommand {
    /// `reset KEY`: removes the stored value, so that the key reads its default again.
    struct Reset: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "Remove a key's stored value; it reads its default again.")
        }

        @Argument(help: "The key's stored name, as `list` shows it.") var key: String

        func run() throws {
            let console = Console.current
            try console.run {
                let key = try Catalog.key(named: key)
                let preferences = Catalog.preferences
                preferences.reset(key)
                try preferences.flush()
                if let note = SourceText.shadowNote(key, in: preferences) { console.note(note) }
            }
        }
    }
}
