import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Linux's Foundation drops a U+FEFF (byte-order mark) at the start of every string it reads from a property list:
/// found by the generated round trips. Strings that start with one are kept in a marked form; names that start with
/// one are refused with a clear error instead of being renamed on the next launch.
@Suite struct UserDefaultsByteOrderMarkTests {
    @Test func stringsStartingWithAByteOrderMarkSurviveAReload() throws {
        let suite = try TemporarySuite()
        let values: [String: PreferenceValue] = [
            "plain": "\u{FEFF}bom first",
            "only": "\u{FEFF}",
            "nested": ["list": ["\u{FEFF}a", "b\u{FEFF}"], "$string": "\u{FEFF}"],
            "looks-like-the-mark": ["$string": .data(Data("x".utf8))],
        ]
        let store = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        try store.write(values)
        try store.flush()  // with nothing left to write, Foundation drops its copy and reads the file again
        let reread = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        for (key, value) in values {
            #expect(PreferenceValueGenerator.isSameStoredValue(value, try reread.value(forKey: key)), "\(key)")
        }
    }

    #if !canImport(Darwin)
    @Test(arguments: ["\u{FEFF}key", "\u{FEFF}"])
    func aKeyOrMemberNameStartingWithAByteOrderMarkIsRefused(_ name: String) throws {
        let suite = try TemporarySuite()
        let store = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        try store.write(["kept": 1])
        #expect(throws: UserDefaultsPreferenceStoreError.self) { try store.write([name: 1, "other": 2]) }
        #expect(throws: UserDefaultsPreferenceStoreError.self) { try store.write(["member": [name: 1]]) }
        #expect(try store.keys().sorted() == ["kept"])
    }
    #endif
}
