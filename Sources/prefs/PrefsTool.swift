internal import ArgumentParser
internal import PrefsCommand

/// `prefs`: `defaults` for the preferences files of apps that use Prefs, on Linux and Apple platforms.
@main
struct PrefsTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefs",
        abstract: "Read, change and watch the preferences of apps that use Prefs, in files and in PostgreSQL.",
        discussion: """
            Every command works on one preferences file: an app's, found as Preferences.standard finds it \
            (--app ID: $XDG_CONFIG_HOME/ID/preferences.json, else ~/.config/ID/preferences.json), or any file \
            (--file PATH), or a UserDefaults domain (--domain NAME, through Prefs' UserDefaults store). Writes \
            take the file's lock, merge with other processes' writes and replace the file atomically, so a \
            running app sees them at once and nothing is lost. Only `set` and `import` create \
            a missing file. Output is for people, or JSON with --json; colours only on a terminal, and never \
            with NO_COLOR set.

            A fleet's namespace in PostgreSQL works the same (--postgres URL --namespace NS, through \
            PrefsPostgres' store): every instance sees a write at once, writes are transactions under the \
            namespace's lock, `watch` listens, and `history` and `rollback` read and use the recorded changes; \
            --reason TEXT (or $PREFS_REASON) on set, delete, import and rollback records why a change is made. The \
            password comes from the URL, PGPASSWORD or ~/.pgpass (prefer the last two) and is never printed; \
            sslmode is libpq's. Only `set` and `import` create a missing namespace; `prefs` never creates the \
            tables (`prefs schema` prints their SQL).

            `prefs serve` opens a settings console in a browser on a file or a namespace: every key with its \
            value and source, an editor per type, live changes, and a namespace's history and rollback.

            \(PrefsExitCode.helpText)
            """,
        subcommands: [
            ListCommand.self, GetCommand.self, SetCommand.self, DeleteCommand.self, WatchCommand.self,
            ExportCommand.self, ImportCommand.self, PathCommand.self, HistoryCommand.self, RollbackCommand.self,
            SchemaCommand.self, DoctorCommand.self, ServeCommand.self,
        ]
    )
}
