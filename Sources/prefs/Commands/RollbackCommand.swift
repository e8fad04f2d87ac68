internal import ArgumentParser
internal import Prefs
internal import PrefsCommand
internal import PrefsPostgres

/// `prefs rollback KEY --to-version V`: a key's value at one of its versions, written again.
struct RollbackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Give a key of a PostgreSQL namespace the value it had at one of its versions again.",
        discussion: """
            A normal write of the old value, seen live by every instance and recorded as a new version, with \
            --reason (or $PREFS_REASON) beside it. `prefs history KEY` lists the versions. A version the retention setting has purged is refused, and nothing is \
            written. Only with --postgres.
            """
    )

    @Argument(help: "The key.") var key: String
    @Option(name: .customLong("to-version"), help: ArgumentHelp("The version to return to.", valueName: "version"))
    var version: Int64
    @OptionGroup var location: LocationOptions
    @OptionGroup var why: ReasonOptions

    func validate() throws {
        guard location.postgres != nil else {
            throw ValidationError("history is kept in PostgreSQL only: pass --postgres URL --namespace NS.")
        }
    }

    func run() throws {
        let console = Console.current
        try console.run {
            let reason = try why.reason(for: location)
            let namespace = try location.postgresNamespace!
            let store = try namespace.open(creatingNamespace: false)
            if store.value(forKey: key) == nil, try store.history(of: key, limit: 1).isEmpty {
                throw PrefsFailure.unknownKey(key, known: store.keys().sorted(), in: "in \(namespace.name)")
            }
            let value = try store.rollback(key, toVersion: version, reason: reason)
            console.note(
                "'\(key)' has the value of version \(version) again: \(value.map(ValueText.line) ?? "(removed)")")
        }
    }
}
