internal import ArgumentParser
internal import Foundation
internal import Logging
internal import Prefs
internal import PrefsCommand
internal import PrefsConsole
internal import PrefsEditors
internal import PrefsPostgres

/// `prefs serve`: the settings console in a browser, for a preferences file or a PostgreSQL namespace.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "See, edit, watch and roll back settings in a browser.",
        discussion: """
            Prints the address to open, with its access token (needed on every request; a new random one unless \
            --token-file or PREFS_CONSOLE_TOKEN gives one). Listens on 127.0.0.1 unless told otherwise, and refuses \
            another address without TLS or --allow-plain-http-elsewhere.

            --schema FILE (the app's `prefs schema`) gives each key its type, description, allowed values and \
            secrecy; only its keys are shown, and each value is checked against it before it is written. Without a \
            schema the tool refuses to start unless --raw says to show every stored key as JSON, none of them \
            known to be secret. A namespace's history and rollback are on the page; a preferences file keeps no \
            history. Stop with Control-C.
            """
    )

    @OptionGroup var location: LocationOptions
    @OptionGroup var schema: SchemaOptions
    @Flag(help: "Without --schema: show every stored key, edited as JSON, none known to be secret.")
    var raw = false
    @OptionGroup var console: ConsoleOptions

    func validate() throws {
        if schema.schema == nil, !raw {
            throw ValidationError(
                "prefs serve needs the app's schema to know types and secrets: --schema FILE (from `myapp prefs "
                    + "schema`), or --raw to show raw values with nothing treated as secret.")
        }
        if schema.schema != nil, raw { throw ValidationError("--raw goes without --schema.") }
    }

    func run() async throws {
        let configuration = try console.configuration()
        var opened: (any ConsoleSettings)?
        try Console.current.run { opened = try openSettings() }
        guard let settings = opened else { return }
        var logger = Logger(label: "prefs.serve")
        logger.logLevel = .notice
        try await PreferenceConsole(settings: settings, configuration: configuration, logger: logger).run { address in
            FileHandle.standardOutput.write(Data("Prefs console for \(settings.title): \(address)\n".utf8))
        }
    }

    private func openSettings() throws -> any ConsoleSettings {
        let editors = try schema.schema.map { path in
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw PrefsFailure(.inaccessibleFile, "cannot read the schema \(path): \(error.localizedDescription)")
            }
            do {
                return try PreferenceEditor.editors(fromSchema: text)
            } catch {
                throw PrefsFailure(.corruptFile, "\(path): \((error as? PreferenceEditError)?.message ?? "\(error)")")
            }
        }
        if let namespace = try location.postgresNamespace {
            var configuration = namespace.configuration
            configuration.sessions = .two  // hear other writers while this console writes
            var logger = Logger(label: "prefs")
            logger.logLevel = .warning
            let store = try PostgresPreferenceStore(configuration: configuration, logger: logger)
            return PostgresSettings(store: store, editors: editors, title: namespace.name)
        }
        let location = try location.preferences
        let store = try location.openStore(watching: true, lockTimeout: .seconds(5))
        if let editors { return StoreSettings(store: store, editors: editors, title: location.name) }
        return StoreSettings.untyped(store: store, title: location.name)
    }
}
