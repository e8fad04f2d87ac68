// Complete form of samples in: Sources/Prefs/Prefs.docc/MigratingFromAppStorage.md
import Foundation
import Prefs
import SwiftUI

struct SettingsView: View {
    @Persistence("username") var name = "anonymous"
    @Persistence("theme") var theme = Theme.system
    @Persistence("last_opened", store: UserDefaults(suiteName: "group.com.example")) var lastOpened: Date?

    var body: some View {
        TextField("Name", text: $name)   // unchanged: `$name` is a Binding
    }
}

enum Theme: String, Sendable { case system, light, dark }
