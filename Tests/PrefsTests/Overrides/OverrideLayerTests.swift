import Foundation
import Logging
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// The layers of the core: fixed values, a file, and layers built from a lookup, here text by name as the environment
/// and the command line hold it (PrefsConfiguration's `.environment(prefix:)` and `.commandLine()` are tested in
/// PrefsConfigurationTests).
@Suite struct OverrideLayerTests {
    /// `MYAPP_<KEY>` variables, as text.
    private func environmentLayer(_ variables: [String: String]) -> PreferenceOverrideLayer {
        PreferenceOverrideLayer(name: "environment variable") { key in
            let variable = "MYAPP_" + key.uppercased()
            return variables[variable].map { (.text($0), variable) }
        }
    }

    /// `--<key> <value>` arguments, as text.
    private func argumentsLayer(_ arguments: [String]) -> PreferenceOverrideLayer {
        PreferenceOverrideLayer(name: "command-line argument") { key in
            guard let index = arguments.firstIndex(of: "--" + key), index + 1 < arguments.count else { return nil }
            return (.text(arguments[index + 1]), "--" + key)
        }
    }

    private func makeLayered(
        stored: [String: PreferenceValue] = [:],
        arguments: [String] = ["app"],
        environment: [String: String] = [:],
        file: [String: PreferenceValue] = [:]
    ) -> (Preferences, TestPreferenceStore, CapturingLogHandler.Messages) {
        let store = TestPreferenceStore(stored)
        let (logger, messages) = CapturingLogHandler.logger()
        let prefs = Preferences(
            store: store,
            overrides: [
                argumentsLayer(arguments),
                environmentLayer(environment),
                PreferenceOverrideLayer(values: file, name: "file /etc/myapp.json, member"),
            ],
            logger: logger
        )
        return (prefs, store, messages)
    }

    @Test func aLookupGetsTheKeysNameWithoutTheContainersPrefixAndMayHoldTypedValues() {
        let asked = Collected<String>()
        let layer = PreferenceOverrideLayer(name: "lookup") { key in
            asked.append(key)
            return key == "count" ? (.value(7), "count in the lookup") : nil
        }
        let prefs = Preferences(store: TestPreferenceStore(), keyPrefix: "com.example.", overrides: [layer])
        #expect(prefs[\.count] == 7)
        #expect(prefs[\.name] == "anonymous")
        #expect(prefs.source(of: \.count) == .override(layer: "lookup", name: "count in the lookup"))
        #expect(asked.all.contains("count") && asked.all.contains("name"))
        #expect(!asked.all.contains { $0.hasPrefix("com.example.") })
    }

    @Test func eachLayerIsParsedByTheKeysTypeAndSaysWhereTheValueComesFrom() {
        let (prefs, _, _) = makeLayered(
            stored: ["name": "stored"],
            environment: [
                "MYAPP_THEME": "dark", "MYAPP_COUNT": "42", "MYAPP_FLAG": "yes",
                "MYAPP_WINDOW": #"{"x": 1, "y": 2, "width": 3, "height": 4}"#,
            ]
        )
        #expect(prefs[\.theme] == .dark)
        #expect(prefs[\.count] == 42)
        #expect(prefs[\.flag] == true)
        #expect(prefs[\.window] == Frame(x: 1, y: 2, width: 3, height: 4))
        #expect(prefs.source(of: \.theme) == .override(layer: "environment variable", name: "MYAPP_THEME"))
        #expect(prefs.source(of: \.name) == .store(.default))
        #expect(prefs.source(of: \.selections) == .defaultValue)
        #expect("\(prefs.source(of: \.theme))" == "environment variable MYAPP_THEME")
    }

    @Test func higherLayersWin() {
        let (prefs, _, _) = makeLayered(
            stored: ["count": 1],
            arguments: ["app", "--count", "3"],
            environment: ["MYAPP_COUNT": "2", "MYAPP_NAME": "env"],
            file: ["count": 4, "name": "file", "flag": true]
        )
        #expect(prefs[\.count] == 3)
        #expect(prefs.source(of: \.count) == .override(layer: "command-line argument", name: "--count"))
        #expect(prefs[\.name] == "env")
        #expect(prefs[\.flag] == true)
        #expect(prefs.source(of: \.flag) == .override(layer: "file /etc/myapp.json, member", name: "flag"))
    }

    @Test func anUnparsableOverrideIsAClearErrorAtStartupNeverASilentDefault() {
        let (prefs, _, messages) = makeLayered(stored: ["theme": "light"], environment: ["MYAPP_THEME": "purple"])
        let error = #expect(throws: PreferenceOverrideError.self) {
            try prefs.validateOverrides(of: [AnyPreferenceKey(\.count), AnyPreferenceKey(\.theme)])
        }
        #expect(error?.description.contains("MYAPP_THEME") == true)
        #expect(error?.description.contains("purple") == true)
        #expect(prefs[\.theme] == .light)  // used anyway: the stored value, with the error logged
        #expect(messages.all.contains { $0.level == .error && $0.message.contains("MYAPP_THEME") })
    }

    @Test func writingAShadowedKeyStoresItSaysSoAndWakesNobody() throws {
        let (prefs, store, messages) = makeLayered(environment: ["MYAPP_COUNT": "9"])
        let woken = Collected<Int>()
        let token = prefs.observe(\.count) { woken.append($0.newValue) }
        prefs[\.count] = 5
        try prefs.flush()
        #expect(store.contents["count"] == 5)
        store.simulateOutsideChange(["count": 6])
        try prefs.flush()
        #expect(prefs[\.count] == 9)
        #expect(store.contents["count"] == 6)
        #expect(
            messages.count(containing: "readers keep seeing the override from environment variable MYAPP_COUNT") == 1)
        #expect(woken.count == 0)
        token.cancel()
    }

    @Test func aSystemWideDefaultsFileIsALayer() throws {
        let directory = try TemporaryDirectory()
        try #"{"theme": "dark", "date": {"$date": "2024-01-01T00:00:00Z"}}"#.write(
            to: directory.file(), atomically: true, encoding: .utf8)
        let prefs = Preferences(store: InMemoryPreferenceStore(), overrides: [try .file(directory.file())])
        #expect(prefs[\.theme] == .dark)
        #expect(prefs[\.date] == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(try PreferenceOverrideLayer.file(directory.file("missing.json")).name.hasPrefix("file"))
    }

    @Test func textIsParsedByTheKeysType() throws {
        #expect(try PreferenceKeys().name.storedValue(parsing: "42") == "42")
        #expect(try PreferenceKeys().count.storedValue(parsing: "42") == 42)
        #expect(try PreferenceKeys().count.storedValue(parsing: "007") == 7)  // not JSON, but a number to people
        #expect(try PreferenceKeys().count.storedValue(parsing: "+5") == 5)
        #expect(try PreferenceKeys().double.storedValue(parsing: ".5") == 0.5)
        #expect(throws: PreferenceValueError.self) { try PreferenceKeys().double.storedValue(parsing: "nan") }
        #expect(try PreferenceKeys().flag.storedValue(parsing: "off") == false)
        #expect(try PreferenceKeys().selections.storedValue(parsing: "[1, 2]") == [1, 2])
        #expect(
            try PreferenceKeys().date.storedValue(parsing: "2024-01-01T00:00:00Z")
                == .date(Date(timeIntervalSince1970: 1_704_067_200)))
        #expect(throws: PreferenceValueError.self) { try PreferenceKeys().theme.storedValue(parsing: "purple") }
        #expect(AnyPreferenceKey(\.theme).allowedValues == ["system", "light", "dark"])
    }
}
