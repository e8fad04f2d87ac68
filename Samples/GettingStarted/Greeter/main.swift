// Complete form of samples in: Sources/Prefs/Prefs.docc/GettingStarted.md
import Foundation
import Prefs

let settingsURL = FilePreferenceStore.standardURL(appID: "com.example.greeter")
let prefs = Preferences(store: try FilePreferenceStore(url: settingsURL))
Preferences.standard = prefs

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

try prefs.flush()
