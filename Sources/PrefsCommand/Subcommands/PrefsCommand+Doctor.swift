internal import ArgumentParser
internal import Foundation
internal import Prefs

extension PrefsCommand {
    /// `doctor [--gc [--yes] [--all] [--export FILE]] [--json]`: checks each store of the app's declared keys.
    struct Doctor: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Check the app's stores: undeclared keys, invalid values, overridden keys, unsafe files.",
                discussion: """
                    For each store of the app's declared keys: keys no declared key uses (with their size, and \
                    the time of their last change where the store records it), stored values that do not read as \
                    their key's type (or, for a key read member by member, the members that read their default), \
                    stored keys an override layer hides, files with modes or owners that let others read or \
                    replace them, and temporary files of unfinished writes and damaged copies beside a file.

                    --gc removes the undeclared keys under the app's key prefix, in one atomic write, after \
                    listing them and writing them to an export (--export FILE; by default beside the file, or in \
                    the current folder) that `prefs import` restores. It asks first unless --yes is given. A store \
                    without a key prefix may hold other programs' keys: --gc removes keys there only with --all. \
                    It never removes a former name of a declared key, or Prefs' record of migrations.
                    """
            )
        }

        @Flag(help: "Remove the undeclared keys under the app's key prefix, after writing them to an export.")
        var gc = false
        @Flag(help: "With --gc: do not ask for confirmation.") var yes = false
        @Flag(help: "With --gc: remove undeclared keys from a store that has no key prefix too.") var all = false
        @Option(help: ArgumentHelp("With --gc: where to write the export of the removed keys.", valueName: "file"))
        var export: String?
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if !gc, yes || all || export != nil { throw ValidationError("--yes, --all and --export go with --gc.") }
        }

        func run() throws {
            let console = Console.current
            try console.run {
                let preferences = Catalog.preferences
                let storeIDs = Swift.Set(Catalog.keys.map(\.storeID)).sorted { $0.name < $1.name }
                let checked = try storeIDs.map { storeID in try Self.checkup(of: storeID, in: preferences) }
                if output.json {
                    console.print(JSONObject.array(checked.map(\.checkup.json)))
                } else {
                    console.print(checked.map { $0.checkup.text(console.outputStyle) }.joined(separator: "\n\n"))
                }
                guard gc else { return }
                for (index, (checkup, contents, store, file)) in checked.enumerated() {
                    let names = try GarbageCollection.candidates(in: checkup, all: all, prefixOption: nil)
                    // One export per store: a second store's is numbered.
                    let path = export ?? GarbageCollection.defaultExportPath(besideFile: file)
                    try GarbageCollection.run(
                        removing: names, checkup: checkup, contents: contents, store: store,
                        export: index == 0 ? path : "\(path).\(index + 1)", yes: yes, console: console)
                }
            }
        }

        /// The checkup of one store of the container, with what `--gc` needs.
        private static func checkup(
            of storeID: PreferenceStoreID, in preferences: Preferences
        ) throws -> (checkup: Checkup, contents: [String: PreferenceValue], store: any PreferenceStore, file: String?) {
            let store = preferences.store(storeID)
            var contents: [String: PreferenceValue] = [:]
            do {
                for name in try store.keys() { contents[name] = try store.value(forKey: name) }
            } catch {
                throw PrefsFailure(.inaccessibleFile, "cannot read the store '\(storeID)': \(error)")
            }
            let keys = Catalog.keys.filter { $0.storeID == storeID }
            let prefix = preferences.keyPrefix
            var file: String?
            var location = "store '\(storeID)'"
            if let fileStore = store as? FilePreferenceStore {
                file = fileStore.url.path
                location = fileStore.url.path
            } else if let defaults = store as? UserDefaultsPreferenceStore {
                location = defaults.propertyListPath.map { "UserDefaults \($0)" } ?? "UserDefaults (store '\(storeID)')"
            }
            var checkup = Checkup(
                location: location, contents: contents,
                declared: keys.map { Checkup.DeclaredKey($0, keyPrefix: prefix) },
                keyPrefix: prefix, reserved: [prefix + Preferences.migrationRecordName])
            checkup.shadowed = keys.compactMap { key in
                guard contents[prefix + key.name] != nil,
                    case .override(let layer, let name) = preferences.source(of: key)
                else { return nil }
                return Checkup.ShadowedKey(name: prefix + key.name, overriddenBy: "\(layer) \(name)")
            }
            checkup.addChangeTimes(from: store)
            if let file {
                checkup.addFiles(ofPreferenceFile: file)
            } else if let defaults = store as? UserDefaultsPreferenceStore, let plist = defaults.propertyListPath {
                checkup.unsafeFiles = FileSafety.problems(
                    files: [plist], folder: URL(fileURLWithPath: plist).deletingLastPathComponent().path)
            }
            return (checkup, contents, store, file)
        }
    }
}
