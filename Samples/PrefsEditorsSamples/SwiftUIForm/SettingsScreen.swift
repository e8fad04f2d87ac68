// Complete form of samples in: Sources/PrefsEditors/PreferencesForm.swift
import Prefs
import PrefsEditors
import SwiftUI

struct SettingsScreen: View {
    let prefs: Preferences

    var body: some View {
        PreferencesForm(keys: [AnyPreferenceKey(\.showHelloWorld), AnyPreferenceKey(\.launchCount)], preferences: prefs)
    }
}

// What the sample above uses and does not show.
extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}
