// Complete form of samples in: Sources/PrefsConfiguration/PrefsConfiguration.docc/PrefsConfiguration.md, Sources/PrefsConfiguration/PreferencesConfigProvider.swift, Sources/PrefsConfiguration/PreferenceOverrideLayer+ConfigProvider.swift
import Foundation

import Prefs
import PrefsConfiguration

var overrides: [PreferenceOverrideLayer] = [try .file(URL(fileURLWithPath: "/etc/myapp/preferences.json"))]
if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    overrides.insert(contentsOf: [.commandLine(), .environment(prefix: "MYAPP")], at: 0)
}
let prefs = Preferences(stores: [.default: try FilePreferenceStore(url: url)], overrides: overrides)

import Configuration
import SystemPackage

do {
    let config = ConfigReader(providers: [
        EnvironmentVariablesProvider(),
        try PreferencesConfigProvider(prefs),
    ])
    let theme = config.string(forKey: "theme", default: "system")
}

do {
    let path = FilePath("/etc/myapp/secrets.json")
    let layer = PreferenceOverrideLayer(name: "secret", provider: try await FileProvider<JSONSnapshot>(filePath: path))
}

// What the samples above use and do not show.
let url = FilePreferenceStore.standardURL(appID: "com.example.app")
