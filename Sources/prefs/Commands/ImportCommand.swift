internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand

/// `prefs import F [--merge | --replace]`: a JSON document into the file, in one atomic write.
struct ImportCommand: ParsableCommand {
    /// What happens to the keys the document does not hold.
    enum Mode: String, EnumerableFlag {
        case merge, replace

        static func help(for value: Mode) -> ArgumentHelp? {
            switch value {
            case .merge: "Keep the keys the document does not hold (the default)."
            case .replace: "Remove the keys the document does not hold."
            }
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a JSON document (as `export` writes it) into the file, in one atomic write.",
        discussion: "Use - to read the document from standard input. The file is created if needed."
    )

    @Argument(help: ArgumentHelp("The document.", valueName: "file"), completion: .file()) var document: String
    @Flag var mode: Mode = .merge
    @OptionGroup var location: LocationOptions
    @OptionGroup var lock: LockOptions
    @OptionGroup var why: ReasonOptions

    func run() throws {
        try Console.current.run {
            let reason = try why.reason(for: location)
            let members = try readDocument()
            let file = try location.preferences
            _ = try file.readIfPresent()  // a damaged file is left as it is
            try file.checkStorable(members)
            let store = try file.openStore(watching: false, lockTimeout: lock.duration)
            try PreferenceWriteReason.$current.withValue(reason) {
                try store.transaction { transaction in
                    if mode == .replace {
                        for name in try store.keys() where members[name] == nil {
                            transaction.setValue(nil, forKey: name)
                        }
                    }
                    for (name, value) in members { transaction.setValue(value, forKey: name) }
                }
            }
        }
    }

    private func readDocument() throws -> [String: PreferenceValue] {
        let data: Data
        if document == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard FileManager.default.fileExists(atPath: document) else {
                throw PrefsFailure(.missingFile, "there is no file to import at \(document)")
            }
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: document))
            } catch {
                throw PrefsFailure(.inaccessibleFile, "cannot read \(document): \(error.localizedDescription)")
            }
        }
        do {
            return try PreferenceJSON.decode(data)
        } catch {
            throw PrefsFailure(
                .invalidValue, "\(document) is not a preferences document (\(error)); nothing was written")
        }
    }
}
