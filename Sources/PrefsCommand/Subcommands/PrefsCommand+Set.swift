internal import ArgumentParser
internal import Prefs

extension PrefsCommand {
    /// `set KEY VALUE`: parses and checks the value by the key's type, then writes it durably.
    struct Set: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Set a key, after checking that the value is valid for the key's type.",
                discussion: """
                    Nothing is written when the value is not valid; the error lists the valid values. Put -- \
                    before a value that starts with a dash: `set offset -- -7`.
                    """
            )
        }

        @Argument(help: "The key's stored name, as `list` shows it.") var key: String
        @Argument(help: "The new value, parsed by the key's type.") var value: String

        func run() throws {
            let console = Console.current
            try console.run {
                let key = try Catalog.key(named: key)
                let stored = try Self.parse(value, for: key)
                let preferences = Catalog.preferences
                try preferences.set(stored, for: key)
                try preferences.flush()
                if let note = SourceText.shadowNote(key, in: preferences) { console.note(note) }
            }
        }

        /// The stored form of `text` for `key`, or a failure that says what the key accepts.
        static func parse(_ text: String, for key: AnyPreferenceKey) throws -> PreferenceValue {
            do {
                return try key.storedValue(parsing: text)
            } catch {
                let type = ValueText.typeName(key.typeName)
                var message = "'\(text)' is not a valid value for '\(key.name)' (\(type))"
                if let allowed = key.allowedValues {
                    message += "; valid values: " + allowed.map(ValueText.line).joined(separator: ", ")
                } else if let example = key.defaultValue, case .array = example {
                    message += "; give it as JSON, like the default: \(ValueText.json(example))"
                } else if let example = key.defaultValue, case .dictionary = example {
                    message += "; give it as JSON, like the default: \(ValueText.json(example))"
                }
                throw PrefsFailure(.invalidValue, message)
            }
        }
    }
}
