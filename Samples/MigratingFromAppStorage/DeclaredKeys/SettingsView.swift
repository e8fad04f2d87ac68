// Complete form of samples in: Sources/Prefs/Prefs.docc/MigratingFromAppStorage.md
import Foundation
import Prefs
import SwiftUI

extension PreferenceKeys {
    var username: Key<String> { Key("username", default: "anonymous") }
    var theme: Key<Theme> { Key("theme", default: .system) }
    var lastOpened: Key<Date?> { Key("last_opened", store: .appGroup) }
}
extension PreferenceStoreID { static let appGroup = PreferenceStoreID("group") }

struct SettingsView: View {
    @Preference(\.username) var name
    @Preference(\.theme) var theme
    @Preference(\.lastOpened) var lastOpened

    var body: some View {
        TextField("Name", text: $name)   // unchanged
    }
}

enum Theme: String, Sendable { case system, light, dark }

@MainActor func bindStores() {
    Preferences.standard = Preferences(stores: [
        .default: UserDefaultsPreferenceStore(.standard),
        .appGroup: UserDefaultsPreferenceStore(suiteName: "group.com.example")!,
    ])
}
