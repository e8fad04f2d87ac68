// Complete form of samples in: Sources/PrefsCommand/PrefsCommand.docc/PrefsCommand.md
import ArgumentParser
import Prefs
import PrefsCommand

enum AppPreferences: PreferenceCatalog {
    static let keys = [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)]
}

@main struct MyApp: ParsableCommand {
    static let configuration = CommandConfiguration(subcommands: [Run.self, PrefsCommand<AppPreferences>.self])
}

// What the sample above uses and does not show.
struct Run: ParsableCommand {}
enum Theme: String, Sendable, CaseIterable { case system, light, dark }
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}
