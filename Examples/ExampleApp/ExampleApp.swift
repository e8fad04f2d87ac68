import ArgumentParser
import ExampleFeature
import ExampleSettings
import Prefs
import PrefsCommand
import PrefsConfiguration
import PrefsConsole

// An app with its own commands that embeds PrefsCommand, so people can inspect and change its
// preferences with its own types:
//   swift run example-app                          greet, as the preferences say
//   swift run example-app prefs list               every key: type, default, value, source
//   swift run example-app prefs set theme dark     parsed and checked as a Theme
//   EXAMPLE_APP_THEME=light swift run example-app prefs list     theme shown as overridden
//   swift run example-app prefs doctor             what older versions left in the file
//   swift run example-app console                  the same keys in a browser: prints an address to open

/// The keys `example-app prefs` knows, and the container they live in.
enum ExampleAppPreferences: PreferenceCatalog {
    static let keys = [
        AnyPreferenceKey(\.theme), AnyPreferenceKey(\.showHelloWorld), AnyPreferenceKey(\.launchCount),
        AnyPreferenceKey(\.window), AnyPreferenceKey(\.launchHistory),
    ]

    /// The app's file (`prefs --app example-app` finds the same one), under environment overrides
    /// such as `EXAMPLE_APP_THEME=dark` where swift-configuration runs (macOS 15, and Linux).
    static let preferences: Preferences = {
        let url = FilePreferenceStore.standardURL(appID: "example-app")
        let store: any PreferenceStore = (try? FilePreferenceStore(url: url)) ?? InMemoryPreferenceStore()
        var overrides: [PreferenceOverrideLayer] = []
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            overrides.append(.environment(prefix: "EXAMPLE_APP"))
        }
        return Preferences(stores: [.default: store], overrides: overrides)
    }()
}

@main
struct ExampleApp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example-app",
        abstract: "An example app whose preferences are declared with Prefs.",
        subcommands: [
            Greet.self, PrefsCommand<ExampleAppPreferences>.self, PrefsConsoleCommand<ExampleAppPreferences>.self,
        ],
        defaultSubcommand: Greet.self
    )
}

/// The app's own work: a greeting in the chosen theme.
struct Greet: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Greet, as the preferences say.")

    func run() throws {
        let preferences = ExampleAppPreferences.preferences
        try preferences.validateOverrides(of: ExampleAppPreferences.keys)
        print("\(Greeting(preferences: preferences).message()) (theme: \(preferences[\.theme].rawValue))")
    }
}
