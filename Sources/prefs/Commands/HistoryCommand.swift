internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand
internal import PrefsPostgres

/// `prefs history [KEY]`: the recorded changes of a PostgreSQL namespace, oldest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print the recorded changes of a key, or of every key, of a PostgreSQL namespace.",
        discussion: """
            The database records every change in the transaction that makes it, whoever makes it (an app \
            instance, `prefs`, a hand edit in psql): one line per change with its version, time, key, old and new \
            value, the role and application name of the session that made it, and the reason it was made with \
            (`prefs set … --reason`, an app's `set(_:_:reason:)`). --reason TEXT keeps the changes whose reason \
            contains TEXT, ignoring case. With --json, an array of objects {"version", "time", "key", "old", \
            "new", "role", "application", "reason"}, null for a missing value. How long changes are kept is the \
            namespace's retention setting. Only with --postgres.
            """
    )

    @Argument(help: "Only this key (every key when none is given).") var key: String?
    @Option(
        help: ArgumentHelp(
            "Only changes made since then: an ISO 8601 date (2026-11-22T15:47:00Z), or an age (30m, 12h, 7d, 2w).",
            valueName: "when"))
    var since: PointInTime?
    @Option(
        name: .customLong("reason"),
        help: ArgumentHelp("Only changes whose reason contains this text, ignoring case.", valueName: "text"))
    var reasonContaining: String?
    @Option(help: "At most this many changes: the newest.") var limit = 100
    @OptionGroup var location: LocationOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard location.postgres != nil else {
            throw ValidationError("history is kept in PostgreSQL only: pass --postgres URL --namespace NS.")
        }
        guard limit > 0 else { throw ValidationError("--limit takes a number of changes, 1 or more.") }
    }

    func run() throws {
        let console = Console.current
        try console.run {
            let namespace = try location.postgresNamespace!
            let store = try namespace.open(creatingNamespace: false)
            let entries = try store.history(
                of: key, since: since?.date, reasonContaining: reasonContaining, limit: limit)
            if let key, entries.isEmpty, store.value(forKey: key) == nil, try store.history(of: key, limit: 1).isEmpty {
                throw PrefsFailure.unknownKey(key, known: store.keys().sorted(), in: "in \(namespace.name)")
            }
            if output.json { return console.print(JSONObject.array(entries.map(Self.object))) }
            guard !entries.isEmpty else { return console.note("no recorded changes") }
            var table = TextTable(header: ["VERSION", "TIME", "KEY", "CHANGE", "BY", "REASON"])
            for entry in entries {
                let old = entry.oldValue.map(ValueText.line) ?? "(none)"
                let new = entry.newValue.map(ValueText.line) ?? "(removed)"
                table.append([
                    .init(String(entry.version), .dim), .init(Self.localTime(entry.time)), .init(entry.key, .cyan),
                    .init("\(old) → \(new)"), .init("\(entry.role) (\(entry.applicationName))", .dim),
                    .init(entry.reason?.text ?? ""),
                ])
            }
            console.print(table.render(console.outputStyle))
        }
    }

    private static func object(_ entry: PostgresPreferenceStore.HistoryEntry) -> JSONObject {
        var object = JSONObject()
        object.add("version", json: String(entry.version))
        object.add("time", PreferenceDateFormat.string(from: entry.time))
        object.add("key", entry.key)
        object.add("old", entry.oldValue)
        object.add("new", entry.newValue)
        object.add("role", entry.role)
        object.add("application", entry.applicationName)
        object.add("reason", entry.reason.map { .string($0.text) })
        return object
    }

    private static func localTime(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
