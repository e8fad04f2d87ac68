internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand

/// `prefs doctor [--schema FILE] [--key-prefix P] [--gc [--yes] [--all] [--export FILE]]`: checks one store.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check a store: undeclared keys, invalid values, unsafe files, leftovers; --gc removes old keys.",
        discussion: """
            With --schema (the app's JSON Schema, from its `prefs schema` command): keys the schema does not \
            declare (with their size, and the time of their last change where the store records it: the history \
            of a PostgreSQL namespace), and stored values that do not match their key's schema (for a key read \
            member by member, the members that read their default). Always: files with modes or owners that let \
            others read or replace them, and temporary files of unfinished writes and damaged copies beside a \
            file. Override layers belong to the app: run its own `prefs doctor` to see the keys they hide.

            --gc removes the undeclared keys under the app's key prefix (--key-prefix), in one atomic write, after \
            listing them and writing them to an export (--export FILE; by default beside the file, or in the \
            current folder) that `prefs import` restores. It asks first unless --yes is given, refuses a store \
            without a key prefix unless --all is given, and never removes a key's former name or Prefs' record \
            of migrations (the schema names both).
            """
    )

    @OptionGroup var schema: SchemaOptions
    @Option(
        help: ArgumentHelp(
            "The app's key prefix (Preferences(keyPrefix:)): --gc removes only undeclared keys under it.",
            valueName: "prefix"))
    var keyPrefix = ""
    @Flag(help: "Remove the undeclared keys under the key prefix, after writing them to an export.") var gc = false
    @Flag(help: "With --gc: do not ask for confirmation.") var yes = false
    @Flag(help: "With --gc: remove undeclared keys without a key prefix too.") var all = false
    @Option(help: ArgumentHelp("With --gc: where to write the export of the removed keys.", valueName: "file"))
    var export: String?
    @OptionGroup var location: LocationOptions
    @OptionGroup var lock: LockOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !gc, yes || all || export != nil { throw ValidationError("--yes, --all and --export go with --gc.") }
        if gc, schema.schema == nil {
            throw ValidationError("--gc needs --schema FILE: the app's JSON Schema says which keys are declared.")
        }
    }

    func run() throws {
        let console = Console.current
        try console.run {
            let preferences = try location.preferences
            let contents = try preferences.read()
            let declared = try schema.declaredKeys()
            var checkup = Checkup(
                location: preferences.name, contents: contents, declared: declared?.keys, keyPrefix: keyPrefix,
                reserved: declared?.reserved ?? [])
            var file: String?
            if let preferenceFile = preferences as? PreferenceFile {
                if preferenceFile.domain == nil {
                    file = preferenceFile.path
                    checkup.addFiles(ofPreferenceFile: preferenceFile.path)
                } else if FileManager.default.fileExists(atPath: preferenceFile.path) {
                    checkup.unsafeFiles = FileSafety.problems(
                        files: [preferenceFile.path], folder: preferenceFile.url.deletingLastPathComponent().path)
                }
            } else if !checkup.undeclared.isEmpty {
                checkup.addChangeTimes(from: try preferences.openStore(watching: false, lockTimeout: lock.duration))
            }
            if output.json {
                console.print(JSONObject.array([checkup.json]))
            } else {
                console.print(checkup.text(console.outputStyle))
            }
            guard gc else { return }
            let names = try GarbageCollection.candidates(in: checkup, all: all, prefixOption: "--key-prefix PREFIX")
            guard !names.isEmpty else { return console.note("\(checkup.location): no undeclared key to remove") }
            try GarbageCollection.run(
                removing: names, checkup: checkup, contents: contents,
                store: try preferences.openStore(watching: false, lockTimeout: lock.duration),
                export: export ?? GarbageCollection.defaultExportPath(besideFile: file), yes: yes, console: console)
        }
    }
}
