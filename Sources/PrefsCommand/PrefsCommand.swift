public import ArgumentParser
internal import Prefs

/// An ArgumentParser command that an app adds as a subcommand, so that people can read and change
/// the app's preferences with the app's own types: `myapp prefs list`, `myapp prefs set theme dark`.
///
/// Hand it the app's keys through a ``PreferenceCatalog`` and add it to the app's subcommands:
///
/// ```swift
/// import ArgumentParser
/// import Prefs
/// import PrefsCommand
///
/// enum AppPreferences: PreferenceCatalog {
///     static let keys = [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)]
/// }
///
/// @main struct MyApp: ParsableCommand {
///     static let configuration = CommandConfiguration(
///         subcommands: [Run.self, PrefsCommand<AppPreferences>.self]
///     )
/// }
/// ```
///
/// Its subcommands:
/// - `list [--json]` (the default): every declared key with its type, default, current value, and
///   where the value comes from: the store, the default, or an override layer, which is named; and its description.
/// - `get KEY [--json]`: the current value.
/// - `describe KEY [--json]`: the key's name, type, default, allowed values, description, store and source.
/// - `set KEY VALUE`: parses `VALUE` by the key's type and checks it before writing, so
///   `set theme purple` fails with the list of valid values and writes nothing. The write goes
///   through the app's container and is durable when the command returns.
/// - `reset KEY`: removes the stored value; the key reads its default again.
/// - `schema [--output FILE]`: the JSON Schema of the preferences file (see
///   `Preferences.jsonSchema(of:store:title:)`), for editors.
/// - `doctor [--gc [--yes] [--all] [--export FILE]] [--json]`: checks each store of the declared keys: keys no
///   declared key uses, values that do not read as their key's type, keys an override layer hides, unsafe files and
///   leftovers; `--gc` removes the undeclared keys under the key prefix in one atomic write, after an export.
///
/// The values of keys declared secret (`Key.isSecret`) are shown as `<secret>` by `list`,
/// `get` and `describe` unless `--show-secrets` is given.
///
/// Failures are reported on standard error with a documented exit code (see `--help`): 1 for an
/// unknown key, 2 for an invalid value, 5 for a store that cannot be written.
public struct PrefsCommand<Catalog: PreferenceCatalog>: ParsableCommand {
    /// The command's name (`prefs`), help and subcommands.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "prefs",
            abstract: "Read and change this app's preferences, by their declared types.",
            discussion: """
                VALUE is parsed by the key's type: `true`/`false` for a Bool, a number, an enum case's \
                raw value, ISO 8601 for a date, JSON for arrays, dictionaries and Codable values.

                \(PrefsExitCode.helpText)
                """,
            subcommands: [List.self, Get.self, Describe.self, Set.self, Reset.self, Schema.self, Doctor.self],
            defaultSubcommand: List.self
        )
    }

    /// Creates the command; ArgumentParser calls it.
    public init() {}
}
