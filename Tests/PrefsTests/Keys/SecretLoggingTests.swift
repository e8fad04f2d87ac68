import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    var secretPin: Key<Int> { Key("secret_pin", default: 0, isSecret: true) }
    var plainPin: Key<Int> { Key("plain_pin", default: 0) }
    var secondStoreSecretPin: Key<Int> { Key("second_secret_pin", default: 0, store: .second, isSecret: true) }
    /// A secret key whose codec refuses every value, quoting it in the error, as a strict codec may.
    var secretRefused: Key<String> {
        Key("secret_refused", default: "", codec: .refusingQuotedValues, isSecret: true)
    }
    var plainRefused: Key<String> { Key("plain_refused", default: "", codec: .refusingQuotedValues) }
}

extension PreferenceCodec<String> {
    /// Refuses every value; the error quotes it.
    static var refusingQuotedValues: Self {
        PreferenceCodec(
            encode: { throw PreferenceValueError.invalidValue(expected: "nothing", found: .string($0)) },
            decode: { try String(preferenceValue: $0) }
        )
    }
}

/// A secret key's value never appears in Prefs' log messages, while the same failure of a plain key shows it.
@Suite struct SecretLoggingTests {
    /// A distinctive text that appears nowhere unless a secret leaks.
    let secret = "s3cr3t-\(UUID().uuidString)"

    @Test func anInvalidStoredSecretIsReportedWithoutItsValue() {
        let (logger, messages) = CapturingLogHandler.logger()
        let store = TestPreferenceStore(["secret_pin": .string(secret), "plain_pin": .string(secret)])
        let prefs = Preferences(store: store, logger: logger)
        #expect(prefs[\.secretPin] == 0)
        #expect(messages.count(containing: "'secret_pin' is not a valid Int") == 1)
        #expect(!messages.text.contains(secret))
        #expect(prefs[\.plainPin] == 0)
        #expect(messages.count(containing: secret) == 1)  // the plain key's message quotes it
    }

    @Test func anInvalidOverrideOfASecretIsReportedWithoutItsValue() {
        let (logger, messages) = CapturingLogHandler.logger()
        let layer = PreferenceOverrideLayer(values: ["secret_pin": .string(secret)], name: "test layer")
        let prefs = Preferences(store: InMemoryPreferenceStore(), overrides: [layer], logger: logger)
        #expect(prefs[\.secretPin] == 0)
        #expect(messages.count(containing: "secret_pin") == 1)
        #expect(!messages.text.contains(secret))
    }

    @Test func aRefusedWriteOfASecretIsReportedWithoutItsValue() {
        let (logger, messages) = CapturingLogHandler.logger()
        let prefs = Preferences(store: InMemoryPreferenceStore(), logger: logger)
        prefs[\.secretRefused] = secret
        prefs.update(\.secretRefused) { $0 = secret + "2" }
        #expect(messages.count(containing: "secret_refused") >= 2)
        #expect(!messages.text.contains(secret))
        prefs[\.plainRefused] = secret
        #expect(messages.count(containing: secret) == 1)
    }

    @Test func exportLeavesSecretsOutUnlessAsked() throws {
        let directory = try TemporaryDirectory()
        let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
        let prefs = Preferences(store: store)
        prefs[\.secretPin] = 4711
        prefs[\.plainPin] = 1234
        try prefs.flush()
        let exported = String(decoding: try prefs.exportJSON(), as: UTF8.self)
        #expect(!exported.contains("secret_pin") && !exported.contains("4711"))
        #expect(exported.contains("1234"))
        #expect(String(decoding: try prefs.exportJSON(includingSecrets: true), as: UTF8.self).contains("4711"))
        // A container that has not used the key learns that it is secret from the keys passed in.
        let fresh = Preferences(store: try FilePreferenceStore(url: directory.file(), watchesForChanges: false))
        #expect(String(decoding: try fresh.exportJSON(), as: UTF8.self).contains("4711"))
        let declared = try fresh.exportJSON(keys: [AnyPreferenceKey(\.secretPin)])
        #expect(!String(decoding: declared, as: UTF8.self).contains("4711"))
    }

    /// A store object bound under two IDs is one store: a secret key declared under either ID is left out of an
    /// export under the other.
    @Test func exportUnderOneIDLeavesOutASecretDeclaredUnderTheOther() throws {
        let store = InMemoryPreferenceStore()
        store.write(["second_secret_pin": .some(4711), "plain_pin": .some(1234)])
        let prefs = Preferences(stores: [.default: store, .second: store])
        let exported = try prefs.exportJSON(keys: [AnyPreferenceKey(\.secondStoreSecretPin)])
        #expect(!String(decoding: exported, as: UTF8.self).contains("4711"))
        #expect(String(decoding: exported, as: UTF8.self).contains("1234"))
    }
}
