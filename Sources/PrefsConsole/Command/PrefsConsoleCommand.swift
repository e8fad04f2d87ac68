public import ArgumentParser
internal import Foundation
internal import Logging
public import PrefsCommand

/// An ArgumentParser command that an app adds beside its `PrefsCommand`, so that people can see, edit and watch the
/// app's preferences in a browser: `myapp console` prints an address with a one-time token to open.
///
/// ```swift
/// import ArgumentParser
/// import PrefsCommand
/// import PrefsConsole
///
/// @main struct MyApp: AsyncParsableCommand {
///     static let configuration = CommandConfiguration(
///         subcommands: [Run.self, PrefsCommand<AppPreferences>.self, PrefsConsoleCommand<AppPreferences>.self]
///     )
/// }
/// ```
///
/// It serves the catalog's declared keys in the catalog's container: values as the app reads them, each edit checked
/// by decoding it as the key's type and written through the container, changes live. It listens on 127.0.0.1 unless
/// told otherwise (see `--help`), and needs its token on every request.
public struct PrefsConsoleCommand<Catalog: PreferenceCatalog>: AsyncParsableCommand {
    /// The command's name (`console`) and help.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "console",
            abstract: "See, edit and watch this app's preferences in a browser.",
            discussion: """
                Prints the address to open, with its access token. The token is needed on every request; it is a \
                new random one unless --token-file or PREFS_CONSOLE_TOKEN gives one. Stop with Control-C.
                """)
    }

    @OptionGroup var options: ConsoleOptions

    /// Creates the command; ArgumentParser calls it.
    public init() {}

    /// Serves until interrupted.
    ///
    /// - Throws: `ValidationError` for unsafe options, or the server's error.
    public func run() async throws {
        let settings = DeclaredSettings(
            keys: Catalog.keys, preferences: Catalog.preferences, title: ProcessInfo.processInfo.processName)
        var logger = Logger(label: "prefs.console")
        logger.logLevel = .notice
        let console = PreferenceConsole(settings: settings, configuration: try options.configuration(), logger: logger)
        try await console.run { address in
            FileHandle.standardOutput.write(Data("Prefs console for \(settings.title): \(address)\n".utf8))
        }
    }
}
