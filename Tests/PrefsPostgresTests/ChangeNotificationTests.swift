import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

@testable import PrefsPostgres

/// A notification scanned in place reads as the same notification parsed whole, for generated keys and values in the
/// triggers' layout and in any other; what the scan does not expect falls back to the whole parse.
@Suite struct ChangeNotificationTests {
    @Test func aScannedNotificationIsTheNotificationParsedWhole() throws {
        var generator = PreferenceValueGenerator(
            seed: PreferenceValueGenerator.environmentSeed, profile: .withoutNUL)
        let cases = PreferenceValueGenerator.caseCount(500)
        var scanned = 0
        for index in 0..<cases {
            let key = index % 3 == 0 ? "key-\(index)" : generator.key()
            let value: PreferenceValue? = index % 7 == 0 ? nil : generator.value()
            let namespace = index % 5 == 0 ? "billing \"eu\"" : "billing"
            let payload = Self.payload(
                version: Int64(index), at: 1_732_550_000_000_000 + Int64(index), namespace: namespace, key: key,
                value: value, triggersLayout: index % 2 == 0)
            let notification = try #require(ChangeNotification(parsing: payload), "\(payload)")
            let whole = try #require(ChangeNotification(parsingWhole: payload))
            #expect(notification.version == whole.version)
            #expect(notification.changedAt == whole.changedAt)
            #expect(notification.namespace == whole.namespace)
            #expect(notification.change?.key == whole.change?.key, "seed \(generator.seed), case \(index)")
            #expect(
                notification.change?.value == whole.change?.value, "seed \(generator.seed), case \(index): \(payload)")
            if ChangeNotification(scanning: payload) != nil { scanned += 1 }
        }
        #expect(scanned > cases / 3, "the scan reads the common case itself: \(scanned) of \(cases)")
    }

    @Test func theTriggersPayloadsAreScannedWithoutTheWholeParse() throws {
        let carried =
            #"{"version" : 12, "at" : 1732550000123456, "namespace" : "billing", "key" : "limit", "value" : {"a": [1, 2.5, "x\"y"], "b": true}}"#
        let scanned = try #require(ChangeNotification(scanning: carried))
        #expect(scanned.version == 12 && scanned.changedAt == 1_732_550_000_123_456)
        #expect(scanned.change?.key == "limit")
        #expect(scanned.change?.value == ["a": [1, 2.5, "x\"y"], "b": true])
        let removed = try #require(
            ChangeNotification(
                scanning: #"{"version" : 3, "at" : 1, "namespace" : "n", "key" : "k", "removed" : true}"#))
        #expect(removed.change?.key == "k" && removed.change?.value == nil)
        let bare = try #require(ChangeNotification(scanning: #"{"version" : 4, "at" : 1}"#))
        #expect(bare.change == nil && bare.version == 4)
        #expect(try #require(ChangeNotification(scanning: #"{"version": 0, "resync": true}"#)).asksForResync)
        #expect(ChangeNotification(parsing: "not json") == nil)
        // A member name with an escape is left to the whole parse, which reads it; one that never ends is refused.
        let escaped = #"{"ver\u0073ion" : 5, "key" : "k", "removed" : true}"#
        #expect(ChangeNotification(scanning: escaped) == nil)
        #expect(try #require(ChangeNotification(parsing: escaped)).version == 5)
        #expect(ChangeNotification(parsing: #"{"version"#) == nil)
        #expect(ChangeNotification(parsing: #"{"key": "no version"}"#) == nil)
    }

    /// A payload as `json_build_object` writes it (`"name" : value`, members in the triggers' order), or as the file
    /// format writes a dictionary.
    static func payload(
        version: Int64, at: Int64, namespace: String, key: String, value: PreferenceValue?, triggersLayout: Bool
    ) -> String {
        var members: [(String, PreferenceValue)] = [
            ("version", .integer(version)), ("at", .integer(at)), ("namespace", .string(namespace)),
            ("key", .string(key)),
        ]
        members.append(value.map { ("value", $0) } ?? ("removed", .bool(true)))
        guard triggersLayout else {
            return PreferenceJSON.text(of: .dictionary(Dictionary(uniqueKeysWithValues: members)), pretty: false)
        }
        let encoded = members.map { name, member in
            PreferenceJSON.text(of: .string(name), pretty: false) + " : " + StoredValue.encode(member)
        }
        return "{" + encoded.joined(separator: ", ") + "}"
    }
}

extension ChangeNotification {
    /// The notification as the scan alone reads it; nil when it would fall back to the whole parse.
    init?(scanning payload: String) {
        var payload = payload
        guard let scanned = payload.withUTF8({ NotificationScan.read($0) }) else { return nil }
        self = scanned
    }
}
