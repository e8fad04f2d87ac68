import Configuration
import Foundation
import Prefs
import PrefsConfiguration
import PrefsTestSupport
import PrefsTesting
import Testing

@Suite struct ConfigProviderTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func configurationReadersSeeThePreferencesLive() async throws {
        let (prefs, _) = makePreferences(
            ["app.count": 3, "app.theme": "dark", "app.window": ["width": 640.0]], keyPrefix: "app.")
        let config = ConfigReader(provider: try PreferencesConfigProvider(prefs))
        #expect(config.int(forKey: "count") == 3)
        #expect(config.string(forKey: "theme") == "dark")
        #expect(config.double(forKey: "window.width") == 640)
        prefs[\.theme] = .light
        try prefs.flush()
        await eventually { config.string(forKey: "theme") == "light" }
        prefs.reset(\.theme)
        try prefs.flush()
        await eventually { config.string(forKey: "theme") == nil }
    }
}
