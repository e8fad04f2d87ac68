// Complete form of samples in: Sources/Prefs/Wrappers/DefaultPreferences+SwiftUI.swift
import Prefs
import SwiftUI

struct ContentView: View {
    var body: some View { Text("Hello") }
}

@MainActor func preview() -> some View {
    ContentView().defaultPreferences(Preferences(store: InMemoryPreferenceStore()))   // a preview
}
