import Configuration
import Foundation
import Prefs
import PrefsConfiguration
import PrefsTesting
import Testing

/// The layers over swift-configuration's providers: names as swift-configuration spells them, values parsed by each
/// key's type, and the order of layers.
@Suite struct ProviderLayerTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func environmentVariablesAreNamedWithThePrefixAndParsedByTheKeysType() {
        let prefs = Preferences(
            store: TestPreferenceStore(["name": "stored"]),
            overrides: [
                .environment(
                    prefix: "MYAPP",
                    environment: [
                        "MYAPP_THEME": "dark", "MYAPP_COUNT": "42", "MYAPP_FLAG": "yes", "MYAPP_LAUNCH_COUNT": "7",
                        "MYAPP_WINDOW": #"{"x": 1, "y": 2, "width": 3, "height": 4}"#,
                    ])
            ]
        )
        #expect(prefs[\.theme] == .dark)
        #expect(prefs[\.count] == 42)
        #expect(prefs[\.flag] == true)
        #expect(prefs[\.launchCount] == 7)
        #expect(prefs[\.window] == Frame(x: 1, y: 2, width: 3, height: 4))
        #expect(prefs[\.name] == "stored")
        #expect(prefs.source(of: \.theme) == .override(layer: "environment variable", name: "MYAPP_THEME"))
        #expect(prefs.source(of: \.launchCount) == .override(layer: "environment variable", name: "MYAPP_LAUNCH_COUNT"))
        #expect(prefs.source(of: \.name) == .store(.default))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func argumentsAreFlagsAndTheHighestLayerWins() {
        let prefs = Preferences(
            store: TestPreferenceStore(["count": 1]),
            overrides: [
                .commandLine(["app", "--count", "3", "--launch-count=5"]),
                .environment(prefix: "MYAPP", environment: ["MYAPP_COUNT": "2", "MYAPP_NAME": "env"]),
                PreferenceOverrideLayer(values: ["count": 4, "name": "file", "flag": true], name: "file, member"),
            ]
        )
        #expect(prefs[\.count] == 3)
        #expect(prefs.source(of: \.count) == .override(layer: "command-line argument", name: "--count"))
        #expect(prefs[\.launchCount] == 5)
        #expect(prefs[\.name] == "env")
        #expect(prefs[\.flag] == true)
        #expect(prefs.source(of: \.flag) == .override(layer: "file, member", name: "flag"))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anUnparsableVariableIsNamedByValidation() {
        let prefs = Preferences(
            store: TestPreferenceStore(["theme": "light"]),
            overrides: [.environment(prefix: "MYAPP", environment: ["MYAPP_THEME": "purple"])]
        )
        let error = #expect(throws: PreferenceOverrideError.self) {
            try prefs.validateOverrides(of: [AnyPreferenceKey(\.theme)])
        }
        #expect(error?.description.contains("environment variable MYAPP_THEME") == true)
        #expect(prefs[\.theme] == .light)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anyProviderIsALayerAndItsTypedValuesMustDecode() {
        let provider = MutableInMemoryProvider(initialValues: [
            "app.count": 12, "app.tags": ConfigValue(.stringArray(["a", "b"]), isSecret: false),
            "app.theme": ConfigValue(.int(3), isSecret: false),
        ])
        let prefs = Preferences(
            store: TestPreferenceStore(),
            overrides: [PreferenceOverrideLayer(name: "in memory", provider: provider, prefix: ["app"])]
        )
        #expect(prefs[\.count] == 12)
        #expect(prefs[\.tags] == ["a", "b"])
        #expect(prefs.source(of: \.count) == .override(layer: "in memory", name: "app.count"))
        #expect(prefs[\.theme] == .system)  // an integer is not a Theme: skipped, and named by validation
        #expect(throws: PreferenceOverrideError.self) { try prefs.validateOverrides(of: [AnyPreferenceKey(\.theme)]) }
    }
}
