import ArgumentParser
import Foundation
import Prefs
import PrefsCommand
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    var vaultFlavor: Key<Flavor> {
        Key("vault_flavor", default: .vanilla, description: "The flavour served first")
    }
    var vaultToken: Key<String> { Key("vault_token", default: "", description: "The API token", isSecret: true) }
}

/// A test app whose keys describe themselves, one of them secret.
enum VaultPreferences: PreferenceCatalog {
    static let keys = [AnyPreferenceKey(\.vaultFlavor), AnyPreferenceKey(\.vaultToken), AnyPreferenceKey(\.scoops)]
}

struct VaultApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault", subcommands: [PrefsCommand<VaultPreferences>.self])
}

/// `describe`, `schema`, descriptions in `list`, and secrets redacted unless `--show-secrets` is given.
@Suite struct DescribeSchemaAndSecretsTests {
    let secret = "tok-\(UUID().uuidString)"

    func preferences() -> Preferences {
        Preferences(store: TestPreferenceStore(["vault_token": .string(secret), "vault_flavor": "chocolate"]))
    }

    @Test func listShowsDescriptionsAndHidesSecrets() throws {
        let result = run(VaultApp.self, ["prefs", "list"], preferences: preferences())
        #expect(result.exitCode == 0)
        #expect(result.output.contains("DESCRIPTION"))
        #expect(result.output.contains("The flavour served first"))
        #expect(result.output.contains("<secret>"))
        #expect(!result.output.contains(secret) && !result.error.contains(secret))
        let json = run(VaultApp.self, ["prefs", "list", "--json"], preferences: preferences())
        #expect(!json.output.contains(secret))
        let objects = try #require(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects[1]["redacted"] as? Bool == true)
        #expect(objects[1]["secret"] as? Bool == true)
        #expect(objects[0]["description"] as? String == "The flavour served first")
        let shown = run(VaultApp.self, ["prefs", "list", "--show-secrets"], preferences: preferences())
        #expect(shown.output.contains(secret))
    }

    @Test func getHidesASecretUnlessAsked() {
        let hidden = run(VaultApp.self, ["prefs", "get", "vault_token"], preferences: preferences())
        #expect(hidden.exitCode == 0)
        #expect(hidden.output == "<secret>\n")
        #expect(hidden.error.contains("--show-secrets"))
        let hiddenJSON = run(VaultApp.self, ["prefs", "get", "vault_token", "--json"], preferences: preferences())
        #expect(!hiddenJSON.output.contains(secret))
        let shown = run(VaultApp.self, ["prefs", "get", "vault_token", "--show-secrets"], preferences: preferences())
        #expect(shown.output == secret + "\n")
    }

    @Test func describePrintsEverythingDeclaredAboutAKey() throws {
        let result = run(VaultApp.self, ["prefs", "describe", "vault_flavor"], preferences: preferences())
        #expect(result.exitCode == 0)
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(
            lines == [
                "key: vault_flavor", "type: Flavor", "description: The flavour served first", "default: vanilla",
                "allowed values: vanilla, chocolate, strawberry", "store: default", "value: chocolate",
                "source: stored",
            ])
        let secretKey = run(VaultApp.self, ["prefs", "describe", "vault_token"], preferences: preferences())
        #expect(secretKey.output.contains("value:") && secretKey.output.contains("<secret>"))
        #expect(secretKey.output.contains("secret:"))
        #expect(!secretKey.output.contains(secret))
        let json = run(VaultApp.self, ["prefs", "describe", "vault_token", "--json"], preferences: preferences())
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["store"] as? String == "default")
        #expect(object["description"] as? String == "The API token")
        #expect(object["value"] == nil)
        let unknown = run(VaultApp.self, ["prefs", "describe", "nope"], preferences: preferences())
        #expect(unknown.exitCode == 1)
    }

    /// `describe --json` is one JSON object whose members each appear once, whatever the value's source: a strict
    /// reader (Prefs' own) refuses a member named twice, as the object printed for a stored value did ("store").
    @Test func describeJSONNamesEachMemberOnce() throws {
        for key in ["vault_flavor", "vault_token", "scoops"] {
            let json = run(VaultApp.self, ["prefs", "describe", key, "--json"], preferences: preferences())
            #expect(json.exitCode == 0)
            let object = try PreferenceJSON.value(parsing: json.output)
            guard case .dictionary(let members) = object else {
                Issue.record("describe \(key) --json printed \(json.output)")
                continue
            }
            #expect(members["store"] == "default", "\(key)")
            #expect(members["source"] == (key == "scoops" ? "default" : "store"), "\(key)")
        }
    }

    @Test func schemaPrintsTheJSONSchemaOfTheDeclaredKeys() throws {
        let result = run(VaultApp.self, ["prefs", "schema", "--title", "Vault"], preferences: preferences())
        #expect(result.exitCode == 0)
        let schema = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(schema["title"] as? String == "Vault")
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == ["$schema", "prefs.migrations", "vault_flavor", "vault_token", "scoops"])
        #expect(properties["prefs.migrations"]?["readOnly"] as? Bool == true)
        #expect(properties["vault_token"]?["writeOnly"] as? Bool == true)
        #expect(!result.output.contains(secret))
        let directory = try TemporaryDirectory()
        let file = directory.file("schema.json").path
        #expect(
            run(VaultApp.self, ["prefs", "schema", "--title", "Vault", "-o", file], preferences: preferences()).exitCode
                == 0)
        #expect(try directory.contents(of: "schema.json") == result.output)
        let wrongStore = run(VaultApp.self, ["prefs", "schema", "--store", "nowhere"], preferences: preferences())
        #expect(wrongStore.exitCode == 2)
    }
}
