// Complete form of samples in: README.md
import Prefs
import SwiftUI

@MainActor enum Settings {                     // static records, read as Settings.showHelloWorld
    @Preference(\.showHelloWorld) static var showHelloWorld
    @Preference(\.theme) static var theme
}

struct GreetingSettings: View {
    @Preference(\.showHelloWorld) var showHelloWorld
    var body: some View { Toggle("Greet the whole world", isOn: $showHelloWorld) }
}

enum Theme: String, Sendable { case system, light, dark }
extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    var theme: Key<Theme> { Key("theme", default: .system) }
}
