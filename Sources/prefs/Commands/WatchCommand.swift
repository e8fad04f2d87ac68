internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand

/// `prefs watch [KEY…]`: prints each change to the file as it happens, until interrupted.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print each change to the file as it happens, whoever makes it, until interrupted.",
        discussion: """
            Changes by apps, by `prefs set`, and by hand edits are printed one per line: \
            the time, the key, the old value and the new one. With --json, each change is a JSON object \
            on its own line: {"time": …, "key": …, "old": …, "new": …}, null for a missing value. Given the app's \
            JSON Schema (--schema), the values of the keys it marks secret are shown as <secret> unless \
            --show-secrets is given.
            """
    )

    @Argument(help: "Only these keys (all keys when none are given).") var keys: [String] = []
    @OptionGroup var location: LocationOptions
    @OptionGroup var lock: LockOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var schema: SchemaOptions
    @OptionGroup var secrets: SecretOptions

    func run() async throws {
        let console = Console.current
        try await console.run {
            let file = try location.preferences
            _ = try file.read()
            let secretNames = try schema.secretNames()
            let store = try file.openStore(watching: true, lockTimeout: lock.duration)
            let (changes, continuation) = AsyncStream.makeStream(of: PreferenceStoreChange.self)
            let token = store.observeChanges { continuation.yield($0) }
            defer { token.cancel() }
            var last = Dictionary(uniqueKeysWithValues: try store.keys().map { ($0, try store.value(forKey: $0)) })
            let scope = keys.isEmpty ? "" : " to " + keys.joined(separator: ", ")
            console.note("watching \(file.name) for changes\(scope); press Ctrl-C to stop")
            for await change in changes {
                for name in change.keys.sorted() where keys.isEmpty || keys.contains(name) {
                    let new = try change.values[name] ?? store.value(forKey: name)
                    guard new != last[name] ?? nil else { continue }
                    let hidden = secrets.hides(name, secretNames: secretNames)
                    let old = last[name] ?? nil
                    console.print(
                        line(
                            name, old: hidden ? old.map(Self.redacted) : old,
                            new: hidden ? new.map(Self.redacted) : new,
                            style: console.outputStyle))
                    last[name] = new
                }
            }
        }
    }

    /// What a secret value is shown as: the placeholder, so that a change, an addition and a removal still show.
    private static func redacted(_ value: PreferenceValue) -> PreferenceValue { .string(SecretOptions.placeholder) }

    private func line(_ name: String, old: PreferenceValue?, new: PreferenceValue?, style: TextStyle) -> String {
        let now = Date()
        if output.json {
            var object = JSONObject()
            object.add("time", PreferenceDateFormat.string(from: now))
            object.add("key", name)
            object.add("old", old)
            object.add("new", new)
            return object.text
        }
        let clock = Calendar.current.dateComponents([.hour, .minute, .second], from: now)
        let time = [clock.hour, clock.minute, clock.second].map { String(format: "%02d", $0 ?? 0) }.joined(
            separator: ":")
        let oldText = old.map(ValueText.line) ?? "(none)"
        let newText = new.map(ValueText.line) ?? "(removed)"
        return style.paint(time, .dim) + "  " + style.paint(name, .cyan) + "  " + style.paint(oldText, .dim) + " → "
            + style.paint(newText, new == nil ? .red : .green)
    }

}
