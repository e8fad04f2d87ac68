internal import ArgumentParser
internal import PrefsCommand
internal import PrefsPostgres

/// `prefs schema`: the SQL of the PostgreSQL tables, for an operator who creates them by hand.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the SQL that creates or upgrades the PostgreSQL tables: `prefs schema | psql URL`.",
        discussion: """
            Run it as the tables' owner. It is idempotent and upgrades the tables of earlier releases in place; \
            app instances run the same when they may create the tables. `prefs` itself never creates them.
            """
    )

    func run() throws {
        Console.current.print(PostgresPreferenceStore.schemaSQL)
    }
}
