internal import ArgumentParser
internal import Prefs

extension PrefsCommand {
    /// `list`: every declared key with its type, default, current value and source.
    struct List: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "List every declared key: its type, default, current value, and where the value comes from."
            )
        }

        @OptionGroup var output: OutputOptions
        @OptionGroup var secrets: SecretOptions

        func run() throws {
            let console = Console.current
            try console.run {
                let preferences = Catalog.preferences
                for key in Catalog.keys {
                    do {
                        try preferences.validateOverrides(of: [key])
                    } catch {
                        console.note(console.errorStyle.paint("warning:", .yellow) + " \(error); it is ignored")
                    }
                }
                let rows = Catalog.keys.map { key in
                    (key, preferences.currentValue(of: key), preferences.source(of: key))
                }
                if output.json {
                    console.print(JSONObject.array(rows.map { Self.json($0, $1, $2, hidden: secrets.hides($0)) }))
                    return
                }
                let described = Catalog.keys.contains { $0.description != nil }
                var table = TextTable(
                    header: ["KEY", "TYPE", "DEFAULT", "VALUE", "SOURCE"] + (described ? ["DESCRIPTION"] : []))
                for (key, value, source) in rows {
                    let (sourceText, sourceColor) = SourceText.line(source)
                    let hidden = secrets.hides(key)
                    table.append(
                        [
                            .init(key.name, .cyan), .init(ValueText.typeName(key.typeName)),
                            .init(hidden ? SecretOptions.placeholder : ValueText.line(key.defaultValue), .dim),
                            .init(hidden ? SecretOptions.placeholder : ValueText.line(value)),
                            .init(sourceText, sourceColor),
                        ] + (described ? [.init(key.description ?? "", .dim)] : []))
                }
                console.print(table.render(console.outputStyle))
            }
        }

        /// One key as a JSON object; a hidden secret's default and value are left out, and `"redacted": true` says so.
        static func json(
            _ key: AnyPreferenceKey, _ value: PreferenceValue?, _ source: PreferenceSource, hidden: Bool
        )
            -> JSONObject
        {
            var object = JSONObject()
            object.add("key", key.name)
            object.add("type", ValueText.typeName(key.typeName))
            if let description = key.description { object.add("description", description) }
            if key.isSecret { object.add("secret", true) }
            if hidden {
                object.add("redacted", true)
            } else {
                object.add("default", key.defaultValue)
                object.add("value", value)
            }
            SourceText.add(source, to: &object)
            if let allowed = key.allowedValues { object.add("allowedValues", .array(allowed)) }
            return object
        }
    }
}
