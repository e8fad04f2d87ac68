internal import ArgumentParser
internal import Foundation
internal import Prefs

extension PrefsCommand {
    /// `schema [--output FILE]`: the JSON Schema of the app's preferences file, for editors.
    struct Schema: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Print the JSON Schema (draft 2020-12) of the preferences file, for editors.",
                discussion: """
                    Save it beside the file and add "$schema": "<its path or URL>" at the top of the file: editors \
                    that understand JSON Schema then check and complete hand edits. Prefs keeps that member.
                    """
            )
        }

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead.", valueName: "file"))
        var output: String?
        @Option(help: ArgumentHelp("The store whose keys to describe.", valueName: "id")) var store = "default"
        @Option(help: ArgumentHelp("The schema's title.", valueName: "text")) var title = "Preferences"

        func run() throws {
            let console = Console.current
            try console.run {
                let keys = Catalog.keys
                let storeID = PreferenceStoreID(store)
                guard keys.contains(where: { $0.storeID == storeID }) else {
                    let stores = Swift.Set(keys.map(\.storeID.name)).sorted().joined(separator: ", ")
                    throw PrefsFailure(.invalidValue, "no declared key lives in store '\(store)'; stores: \(stores)")
                }
                let schema = Catalog.preferences.jsonSchema(of: keys, store: storeID, title: title)
                guard let output else { return console.print(String(decoding: schema.dropLast(), as: UTF8.self)) }
                do {
                    try schema.write(to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    throw PrefsFailure(.inaccessibleFile, "cannot write \(output): \(error.localizedDescription)")
                }
            }
        }
    }
}
