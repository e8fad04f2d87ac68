import Foundation
import Prefs
import PrefsCommand
import PrefsConfiguration
import PrefsTestSupport
import PrefsTesting
import Testing

/// `PrefsCommand` embedded in an app, run in this process against the app's container.
@Suite struct PrefsCommandTests {
    @Test func listShowsEveryDeclaredKeyWithTypeDefaultValueAndSource() throws {
        let store = TestPreferenceStore(["scoops": 3, "flavor": "chocolate"])
        let prefs = Preferences(
            store: store,
            overrides: [PreferenceOverrideLayer(values: ["sprinkles": true], name: "environment variable")]
        )
        let result = run(ShopApp.self, ["prefs", "list"], preferences: prefs)
        #expect(result.exitCode == 0)
        let rows = result.output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(rows.first == ["KEY", "TYPE", "DEFAULT", "VALUE", "SOURCE"])
        #expect(rows.dropFirst().map { String($0[0]) } == ShopPreferences.keys.map(\.name))
        #expect(rows[1] == ["flavor", "Flavor", "vanilla", "chocolate", "stored"])
        #expect(rows[2] == ["scoops", "Int", "1", "3", "stored"])
        #expect(
            rows[3] == [
                "sprinkles", "Bool", "false", "true", "overridden", "by", "environment", "variable", "sprinkles",
            ])
        #expect(rows[5] == ["last_order", "Date?", "nil", "nil", "default"])
        #expect(rows[6] == [#"toppings"#, "[String]", #"["nuts"]"#, #"["nuts"]"#, "default"])
        #expect(!result.output.contains("\u{1B}["))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // .environment(prefix:)
    @Test func listInJSONIsOneObjectPerKeyWithItsSourceAndValidValues() throws {
        let prefs = Preferences(
            store: TestPreferenceStore(["scoops": 3]),
            overrides: [.environment(prefix: "SHOP", environment: ["SHOP_FLAVOR": "strawberry"])]
        )
        let result = run(ShopApp.self, ["prefs", "list", "--json"], preferences: prefs)
        #expect(result.exitCode == 0)
        let objects = try #require(
            JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(objects.count == ShopPreferences.keys.count)
        let flavor = objects[0]
        #expect(flavor["key"] as? String == "flavor")
        #expect(flavor["value"] as? String == "strawberry")
        #expect(flavor["default"] as? String == "vanilla")
        #expect(flavor["source"] as? String == "override")
        #expect(flavor["overriddenBy"] as? String == "environment variable SHOP_FLAVOR")
        #expect(flavor["allowedValues"] as? [String] == ["vanilla", "chocolate", "strawberry"])
        #expect(objects[1]["source"] as? String == "store")
        #expect(objects[1]["value"] as? Int == 3)
        #expect(objects[4]["value"] is NSNull)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // .environment(prefix:)
    @Test func anInvalidOverrideIsReportedByList() {
        let prefs = Preferences(
            store: TestPreferenceStore(),
            overrides: [.environment(prefix: "SHOP", environment: ["SHOP_SCOOPS": "many"])]
        )
        let result = run(ShopApp.self, ["prefs", "list"], preferences: prefs)
        #expect(result.exitCode == 0)
        #expect(result.error.contains("warning: environment variable SHOP_SCOOPS cannot override 'scoops'"))
    }

    @Test func setParsesByTheKeysTypeAndWritesThroughTheContainerDurably() throws {
        let store = TestPreferenceStore()
        let prefs = Preferences(store: store)
        for (name, text) in [
            ("flavor", "strawberry"), ("scoops", "-4"), ("sprinkles", "yes"), ("size", #"{"width": 2, "height": 3}"#),
            ("last_order", "2026-11-22T15:47:00Z"), ("toppings", #"["fudge", "nuts"]"#),
        ] {
            let result = run(ShopApp.self, ["prefs", "set", "--", name, text], preferences: prefs)
            #expect(result.exitCode == 0, "\(name): \(result.error)")
            #expect(result.output.isEmpty)
        }
        #expect(store.contents["flavor"] == "strawberry")
        #expect(store.contents["scoops"] == -4)
        #expect(store.contents["sprinkles"] == true)
        #expect(store.contents["size"] == ["width": 2.0, "height": 3.0])
        #expect(store.contents["last_order"] == .date(Date(timeIntervalSince1970: 1_795_362_420)))
        #expect(store.contents["toppings"] == ["fudge", "nuts"])
        #expect(prefs[\.flavor] == .strawberry)
    }

    @Test func setOfAnInvalidEnumValueListsTheValidValuesAndWritesNothing() {
        let store = TestPreferenceStore(["flavor": "chocolate"])
        let prefs = Preferences(store: store)
        let result = run(ShopApp.self, ["prefs", "set", "flavor", "purple"], preferences: prefs)
        #expect(result.exitCode == 2)
        #expect(
            result.error
                == "error: 'purple' is not a valid value for 'flavor' (Flavor); valid values: vanilla, chocolate, strawberry\n"
        )
        #expect(store.contents == ["flavor": "chocolate"])
        #expect(store.writes.isEmpty)
    }

    @Test func setOfAnUnparsableValueSaysWhatTheKeyTakesAndWritesNothing() {
        let store = TestPreferenceStore()
        let prefs = Preferences(store: store)
        let number = run(ShopApp.self, ["prefs", "set", "scoops", "lots"], preferences: prefs)
        #expect(number.exitCode == 2)
        #expect(number.error.contains("'lots' is not a valid value for 'scoops' (Int)"))
        let size = run(ShopApp.self, ["prefs", "set", "size", "big"], preferences: prefs)
        #expect(size.exitCode == 2)
        #expect(size.error.contains(#"give it as JSON, like the default: {"height": 0.0, "width": 0.0}"#))
        #expect(store.contents.isEmpty)
    }

    @Test func anUnknownKeyFailsWithTheDeclaredKeys() {
        let prefs = Preferences(store: TestPreferenceStore())
        for arguments in [["get", "colour"], ["set", "colour", "red"], ["reset", "colour"]] {
            let result = run(ShopApp.self, ["prefs"] + arguments, preferences: prefs)
            #expect(result.exitCode == 1)
            #expect(
                result.error.contains(
                    "no key 'colour' is declared by the app; the keys are: flavor, scoops, sprinkles, size"))
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // .environment(prefix:)
    @Test func setOfAnOverriddenKeyStoresTheValueAndSaysItIsShadowed() {
        let store = TestPreferenceStore()
        let prefs = Preferences(
            store: store,
            overrides: [.environment(prefix: "SHOP", environment: ["SHOP_FLAVOR": "chocolate"])]
        )
        let result = run(ShopApp.self, ["prefs", "set", "flavor", "strawberry"], preferences: prefs)
        #expect(result.exitCode == 0)
        #expect(store.contents["flavor"] == "strawberry")
        #expect(
            result.error.contains(
                "note: 'flavor' is overridden by environment variable SHOP_FLAVOR: the app keeps reading chocolate"))
    }

    @Test func getPrintsTheCurrentValue() {
        let prefs = Preferences(store: TestPreferenceStore(["size": ["width": 2.0, "height": 3.0]]))
        #expect(run(ShopApp.self, ["prefs", "get", "scoops"], preferences: prefs).output == "1\n")
        #expect(run(ShopApp.self, ["prefs", "get", "last_order"], preferences: prefs).output == "nil\n")
        #expect(run(ShopApp.self, ["prefs", "get", "last_order", "--json"], preferences: prefs).output == "null\n")
        #expect(
            run(ShopApp.self, ["prefs", "get", "size", "--json"], preferences: prefs).output
                == "{\n  \"height\": 3.0,\n  \"width\": 2.0\n}\n")
    }

    @Test func resetRemovesTheStoredValue() {
        let store = TestPreferenceStore(["scoops": 5])
        let prefs = Preferences(store: store)
        #expect(run(ShopApp.self, ["prefs", "reset", "scoops"], preferences: prefs).exitCode == 0)
        #expect(store.contents["scoops"] == nil)
        #expect(prefs[\.scoops] == 1)
    }

    @Test func aStoreThatRefusesTheWriteIsExitCodeFive() {
        let store = TestPreferenceStore()
        store.failWrites(with: TestPreferenceStore.Failure("disk full"))
        let prefs = Preferences(store: store)
        let result = run(ShopApp.self, ["prefs", "set", "scoops", "2"], preferences: prefs)
        #expect(result.exitCode == 5)
        #expect(result.error.contains("disk full"))
        #expect(store.contents.isEmpty)
    }

    @Test func colorsOnlyWhenTheConsoleAllowsThem() {
        let prefs = Preferences(
            store: TestPreferenceStore(),
            overrides: [PreferenceOverrideLayer(values: ["sprinkles": true], name: "environment variable")]
        )
        let colored = run(ShopApp.self, ["prefs", "list"], preferences: prefs, colored: true)
        #expect(colored.output.contains("\u{1B}[33moverridden by environment variable sprinkles\u{1B}[0m"))
        let plain = run(ShopApp.self, ["prefs", "set", "flavor", "x"], preferences: prefs, colored: true)
        #expect(plain.error.hasPrefix("\u{1B}[31merror:\u{1B}[0m "))
    }
}
