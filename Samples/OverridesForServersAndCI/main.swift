// Complete form of samples in: Sources/Prefs/Prefs.docc/OverridesForServersAndCI.md
import Foundation

import Prefs
import PrefsConfiguration

let prefs = Preferences(
    stores: [.default: try FilePreferenceStore(url: url)],
    overrides: [
        .commandLine(),                                              // --theme dark
        .environment(prefix: "MYAPP"),                               // MYAPP_THEME=dark
        try .file(URL(fileURLWithPath: "/etc/myapp/preferences.json")),
    ]
)
try prefs.validateOverrides(of: [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)])

let environment = ProcessInfo.processInfo.environment
let layer = PreferenceOverrideLayer(name: "environment variable") { key in
    let variable = "MYAPP_" + key.uppercased()
    return environment[variable].map { (.text($0), variable) }
}

import Configuration

let config = ConfigReader(providers: [EnvironmentVariablesProvider(), try PreferencesConfigProvider(prefs)])
let theme = config.string(forKey: "theme", default: "system")

// What the samples above use and do not show.
let url = FilePreferenceStore.standardURL(appID: "com.example.app")
enum Theme: String, Sendable { case system, light, dark }
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}
