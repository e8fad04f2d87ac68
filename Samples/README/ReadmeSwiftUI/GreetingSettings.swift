// Complete form of samples in: README.md
import Prefs
import SwiftUI

struct GreetingSettings: View {
    @Preference(\.showHelloWorld) var showHelloWorld
    var body: some View { Toggle("Greet the whole world", isOn: $showHelloWorld) }
}

extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
}
