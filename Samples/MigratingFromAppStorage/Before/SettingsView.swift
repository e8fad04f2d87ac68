// Complete form of samples in: Sources/Prefs/Prefs.docc/MigratingFromAppStorage.md
import Foundation
import SwiftUI

struct SettingsView: View {
    @AppStorage("username") var name = "anonymous"
    @AppStorage("theme") var theme = Theme.system
    @AppStorage("last_opened", store: UserDefaults(suiteName: "group.com.example")) var lastOpened: Date?

    var body: some View {
        TextField("Name", text: $name)
    }
}

enum Theme: String, Sendable { case system, light, dark }
