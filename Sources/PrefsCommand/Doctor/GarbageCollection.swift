internal import Foundation
package import Prefs

/// `doctor --gc`: removes the keys no code declares, under the app's key prefix, in one atomic write, after writing
/// them to an export that `prefs import` restores.
package enum GarbageCollection {
    /// What a collection did.
    package struct Outcome: Sendable, Equatable {
        /// The keys removed.
        package var removed: [String] = []
        /// The keys left because their value changed after the checkup read it (another process wrote them).
        package var changedMeanwhile: [String] = []
    }

    /// The keys `--gc` would remove, or why it refuses: a store without a key prefix holds keys that may be another
    /// program's, so it removes keys there only when told `--all`.
    ///
    /// - Parameters:
    ///   - checkup: The store's checkup.
    ///   - all: Whether `--all` was given.
    ///   - prefixOption: How the user tells the command the prefix, for the message (`--key-prefix PREFIX`).
    /// - Returns: The names to remove.
    /// - Throws: ``PrefsFailure`` with exit code 64 when the store has no key prefix and `all` is false.
    package static func candidates(in checkup: Checkup, all: Bool, prefixOption: String?) throws -> [String] {
        if checkup.keyPrefix.isEmpty {
            let undeclared = checkup.undeclared.filter { $0.formerNameOf == nil }.map(\.name)
            guard all || undeclared.isEmpty else {
                let tell = prefixOption.map { "pass \($0) to remove only the app's, or " } ?? ""
                throw PrefsFailure(
                    .usage,
                    "\(checkup.location) has no key prefix, so its undeclared keys may belong to another program: "
                        + "nothing was removed; \(tell)pass --all to remove every undeclared key")
            }
            return undeclared
        }
        return checkup.removable.map(\.name)
    }

    /// Writes `values` to a new file at `export`, readable by its owner only, durably, in the format `prefs import`
    /// reads; never over an existing file.
    ///
    /// - Throws: ``PrefsFailure`` with exit code 5 when it cannot be written (nothing is removed then).
    package static func writeExport(_ values: [String: PreferenceValue], to export: String) throws {
        let data = PreferenceJSON.encode(values)
        let descriptor = open(export, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PrefsFailure(
                .inaccessibleFile, "cannot write the export \(export): \(Self.reason()); nothing was removed")
        }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written, fsync(descriptor) == 0 else {
            let reason = Self.reason()
            unlink(export)
            throw PrefsFailure(.inaccessibleFile, "cannot write the export \(export): \(reason); nothing was removed")
        }
    }

    /// Removes the keys in one transaction of `store`, each only if it still holds the value in `values` (the one
    /// exported).
    ///
    /// - Parameters:
    ///   - values: The keys to remove, with the values they held when the checkup read them.
    ///   - store: The store.
    /// - Returns: What was removed, and what was left because it changed meanwhile.
    /// - Throws: The store's error; nothing is removed then.
    package static func remove(_ values: [String: PreferenceValue], from store: any PreferenceStore) throws -> Outcome {
        var outcome = Outcome()
        try store.transaction { transaction in
            outcome = Outcome()
            for name in values.keys.sorted() {
                if try transaction.value(forKey: name) == values[name] {
                    transaction.setValue(nil, forKey: name)
                    outcome.removed.append(name)
                } else {
                    outcome.changedMeanwhile.append(name)
                }
            }
        }
        return outcome
    }

    /// Lists the keys, asks for confirmation unless `yes`, writes the export, removes the keys, and says what it did.
    ///
    /// - Parameters:
    ///   - names: The keys to remove.
    ///   - checkup: The store's checkup.
    ///   - contents: The store's keys and values, as the checkup read them.
    ///   - store: The store to remove them from.
    ///   - export: Where to write the export.
    ///   - yes: Whether `--yes` was given.
    ///   - console: Where to talk.
    /// - Throws: ``PrefsFailure``: 64 when not confirmed, 5 when the export or the store cannot be written.
    package static func run(
        removing names: [String], checkup: Checkup, contents: [String: PreferenceValue], store: any PreferenceStore,
        export: String, yes: Bool, console: Console
    ) throws {
        guard !names.isEmpty else { return console.note("\(checkup.location): no undeclared key to remove") }
        console.note(
            "--gc removes \(names.count) key\(names.count == 1 ? "" : "s") from \(checkup.location): "
                + names.joined(separator: ", "))
        if !yes {
            guard console.confirm("Remove them, after writing them to \(export)? [y/N] ") else {
                throw PrefsFailure(.usage, "nothing was removed: answer y, or pass --yes")
            }
        }
        let values = contents.filter { names.contains($0.key) }
        try writeExport(values, to: export)
        let outcome = try remove(values, from: store)
        console.note(
            "removed \(outcome.removed.count) key\(outcome.removed.count == 1 ? "" : "s") in one write; "
                + "`prefs import \(export)` (with --file, --domain or --postgres as here) puts them back")
        if !outcome.changedMeanwhile.isEmpty {
            console.note(
                "left \(outcome.changedMeanwhile.joined(separator: ", ")): changed by another process since the checkup"
            )
        }
    }

    /// Where the export goes when `--export` is not given: beside a preferences file, or in the current folder.
    ///
    /// - Parameter file: The preferences file, if the store is one.
    /// - Returns: The path, named with the time.
    package static func defaultExportPath(besideFile file: String?) -> String {
        let stamp = PreferenceDateFormat.string(
            from: Date(timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down))
        )
        .replacingOccurrences(of: ":", with: "")
        .replacingOccurrences(of: "-", with: "")
        guard let file else { return FileManager.default.currentDirectoryPath + "/prefs-gc-\(stamp).json" }
        return "\(file).gc-\(stamp).json"
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
