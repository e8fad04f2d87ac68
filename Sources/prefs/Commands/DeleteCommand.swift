internal import ArgumentParser
internal import Prefs
internal import PrefsCommand

/// `prefs delete KEY`: removes one key through the file store.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove a key from the file; apps read its default again."
    )

    @Argument(help: "The key.") var key: String
    @OptionGroup var location: LocationOptions
    @OptionGroup var lock: LockOptions
    @OptionGroup var why: ReasonOptions

    func run() throws {
        try Console.current.run {
            let reason = try why.reason(for: location)
            let file = try location.preferences
            let members = try file.read()
            let unknown = PrefsFailure.unknownKey(key, known: members.keys.sorted(), in: "in \(file.name)")
            guard members[key] != nil else { throw unknown }
            let store = try file.openStore(watching: false, lockTimeout: lock.duration)
            try PreferenceWriteReason.$current.withValue(reason) {
                try store.transaction { transaction in
                    guard try transaction.value(forKey: key) != nil else { throw unknown }
                    transaction.setValue(nil, forKey: key)
                }
            }
        }
    }
}
