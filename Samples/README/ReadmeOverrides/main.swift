// Complete form of samples in: README.md
import Foundation
import Prefs

import PrefsConfiguration   // .commandLine() and .environment(prefix:): macOS 15 / iOS 18 and later, and Linux

let prefs = Preferences(
    stores: [.default: try FilePreferenceStore(url: url)],
    overrides: [.commandLine(), .environment(prefix: "MYAPP"), try .file(URL(fileURLWithPath: "/etc/myapp.json"))]
)
try prefs.validateOverrides(of: [AnyPreferenceKey(\.theme)])   // MYAPP_THEME=purple → an error naming the variable
print(prefs.source(of: \.theme))                               // environment variable MYAPP_THEME

// What the sample above uses and does not show.
let url = FilePreferenceStore.standardURL(appID: "com.example.app")

enum Theme: String, Sendable { case system, light, dark }

extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
}
