// Complete form of samples in: Sources/Prefs/Prefs.docc/GettingStarted.md
import Foundation
import Prefs

let settingsURL = FilePreferenceStore.standardURL(appID: "com.example.greeter")
let prefs = Preferences(store: try FilePreferenceStore(url: settingsURL))
Preferences.standard = prefs

extension PreferenceStoreID { static let appGroup = PreferenceStoreID("group") }
extension PreferenceKeys {
    var groupToken: Key<String> { Key("token", default: "", store: .appGroup) }
}
let groupURL = FilePreferenceStore.standardURL(appID: "com.example.group")
let shared = Preferences(
    stores: [.default: try FilePreferenceStore(url: settingsURL), .appGroup: try FilePreferenceStore(url: groupURL)],
    keyPrefix: "com.example.greeter."
)

prefs.update(\.launchCount) { $0 += 1 }
let previous = prefs[\.lastLaunch]
prefs[\.lastLaunch] = Date()

if CommandLine.arguments.contains("--dark") {
    prefs[\.theme] = .dark
}
if CommandLine.arguments.contains("--reset") {
    prefs.reset(\.theme)
}
print("launch #\(prefs[\.launchCount]), theme \(prefs[\.theme])", previous.map { "last: \($0)" } ?? "first launch")

try prefs.transaction { tx in
    tx[\.theme] = .light
    tx[\.window] = WindowFrame(width: 800, height: 600)
}

let token = prefs.observe(\.theme) { change in
    print("theme: \(change.oldValue) → \(change.newValue)")
}

struct ThemeMenu {
    @Preference(\.theme) var theme

    func next() {
        let all = Theme.allCases
        theme = all[(all.firstIndex(of: theme)! + 1) % all.count]
    }
}

@MainActor func resize(in prefs: Preferences) {
    @Preference(\.window, in: prefs) var window
    window.width = 1024

    let width = _window.binding.width       // PreferenceBinding<Double>: reads the member, writes the key
    width.wrappedValue = 800
    _window.reset()
}

@MainActor enum Settings {                  // static records, read as Settings.theme
    @Preference(\.theme) static var theme
}

try prefs.flush()
