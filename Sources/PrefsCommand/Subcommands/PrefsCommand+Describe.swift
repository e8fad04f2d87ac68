internal import ArgumentParser
internal import Prefs

extension PrefsCommand {
    /// `describe KEY`: everything the app declares about a key, and where its value comes from now.
    struct Describe: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Show a key's name, type, default, allowed values, description, store and current source."
            )
        }

        @Argument(help: "The key's stored name, as `list` shows it.") var key: String
        @OptionGroup var output: OutputOptions
        @OptionGroup var secrets: SecretOptions

        func run() throws {
            let console = Console.current
            try console.run {
                let key = try Catalog.key(named: key)
                let preferences = Catalog.preferences
                let value = preferences.currentValue(of: key)
                let source = preferences.source(of: key)
                let hidden = secrets.hides(key)
                if output.json {
                    var object = List.json(key, value, source, hidden: hidden)
                    // The key's store, whatever the source; a member of that name is replaced (see JSONObject).
                    object.add("store", key.storeID.name)
                    return console.print(object.text)
                }
                let shown = { (value: PreferenceValue?) in hidden ? SecretOptions.placeholder : ValueText.line(value) }
                var lines: [(String, String)] = [("key", key.name), ("type", ValueText.typeName(key.typeName))]
                if let description = key.description { lines.append(("description", description)) }
                lines.append(("default", shown(key.defaultValue)))
                if let allowed = key.allowedValues {
                    lines.append(("allowed values", allowed.map(ValueText.line).joined(separator: ", ")))
                }
                lines.append(("store", key.storeID.name))
                lines.append(("value", shown(value)))
                lines.append(("source", SourceText.line(source).0))
                if key.isSecret {
                    lines.append(("secret", hidden ? "yes (pass --show-secrets to see the value)" : "yes"))
                }
                let width = lines.map(\.0.count).max() ?? 0
                for (label, text) in lines {
                    let padding = String(repeating: " ", count: width - label.count)
                    console.print(console.outputStyle.paint(label + ":", .dim) + padding + "  " + text)
                }
            }
        }
    }
}
