internal import ArgumentParser
internal import Prefs
internal import PrefsCommand

/// `prefs set KEY VALUE [--type T]`: writes one value through the file store.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a key's value; creates the file if needed.",
        discussion: """
            Without --type, a key keeps the type of the value it holds (`set launch_count 5` stays an integer, \
            `set name 42` stays a string); a new key is a Boolean or a number when VALUE is one (true, 42, 1.5), \
            and a string otherwise. With --type json, VALUE is JSON in the file's format: \
            `[1, 2]`, `{"width": 640}`, `{"$date": "2026-11-22T15:47:00Z"}`. Put -- before a value that \
            starts with a dash: `prefs set offset --file f -- -7`.

            The write takes the file's lock, merges with what other processes wrote, and replaces the file \
            atomically: a running app sees the new value at once.
            """
    )

    @Argument(help: "The key.") var key: String
    @Argument(help: "The new value.") var value: String
    @Option(help: "How to read VALUE.") var type: ValueType?
    @OptionGroup var location: LocationOptions
    @OptionGroup var lock: LockOptions
    @OptionGroup var why: ReasonOptions

    func run() throws {
        try Console.current.run {
            let reason = try why.reason(for: location)
            let file = try location.preferences
            // Check everything before the store is opened: a damaged file or a bad value writes nothing.
            let existing = try file.readIfPresent()
            try file.checkStorable([key: try parse(replacing: existing?[key])])
            let store = try file.openStore(watching: false, lockTimeout: lock.duration)
            try PreferenceWriteReason.$current.withValue(reason) {
                try store.transaction { transaction in
                    transaction.setValue(try parse(replacing: transaction.value(forKey: key)), forKey: key)
                }
            }
        }
    }

    /// `value` read by `--type`, or else as the kind of value it replaces.
    private func parse(replacing existing: PreferenceValue?) throws -> PreferenceValue {
        guard type == nil, let existing else {
            return try (type ?? ValueType.inferred(for: value, replacing: existing)).parse(value)
        }
        let hint = "'\(key)' holds the \(existing.kindName) \(ValueText.line(existing)); pass --type to change its type"
        let parsed: PreferenceValue
        do {
            parsed = try ValueType.inferred(for: value, replacing: existing).parse(value)
        } catch let failure as PrefsFailure {
            throw PrefsFailure(.invalidValue, "\(failure.message); \(hint)")
        }
        guard parsed.kindName == existing.kindName else {  // JSON of another kind for an array or a dictionary
            throw PrefsFailure(.invalidValue, "'\(value)' is not a JSON \(existing.kindName); \(hint)")
        }
        return parsed
    }
}
