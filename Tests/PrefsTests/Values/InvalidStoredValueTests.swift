import Foundation
import Logging
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// A stored value of the wrong type or one that fails to decode never crashes: reads return the
/// default, the stored data stays untouched, and the problem is reported once.
@Suite struct InvalidStoredValueTests {
    private func makeLogged(
        _ values: [String: PreferenceValue]
    ) -> (Preferences, TestPreferenceStore, CapturingLogHandler.Messages) {
        let store = TestPreferenceStore(values)
        let (logger, messages) = CapturingLogHandler.logger()
        return (Preferences(store: store, logger: logger), store, messages)
    }

    @Test func wrongKindReadsTheDefaultAndIsReportedOnce() throws {
        let (prefs, store, messages) = makeLogged(["count": "twelve", "flag": 1, "window": [1, 2]])
        for _ in 0..<5 {
            #expect(prefs[\.count] == 0)
            #expect(prefs[\.flag] == false)
            #expect(prefs[\.window] == .zero)
        }
        #expect(messages.count(containing: "'count'") == 1)
        #expect(messages.count(containing: "'flag'") == 1)
        #expect(messages.count(containing: "'window'") == 1)
        #expect(messages.all.allSatisfy { $0.level == .warning })
        prefs[\.name] = "unrelated write"
        try prefs.flush()
        #expect(store.contents["count"] == "twelve")
        #expect(store.contents["window"] == [1, 2])
    }

    /// Found by the test that no read loops forever: a huge wrong-typed value was quoted whole in each warning.
    @Test func aHugeStoredValueIsQuotedAbbreviated() throws {
        let huge = String(repeating: "x", count: 1_000_000)
        let (prefs, _, messages) = makeLogged(["count": .string(huge), "window": ["x": .string(huge)]])
        #expect(prefs[\.count] == 0)
        #expect(prefs[\.window] == .zero)
        #expect(messages.all.count == 2)
        #expect(messages.all.allSatisfy { $0.message.count < 1_000 }, "\(messages.all.map(\.message.count))")
    }

    @Test func outOfRangeNumbersAreADecodingFailureNotATrap() throws {
        let (prefs, _, messages) = makeLogged([
            "int8": 300, "uint8": -1, "uint64": -5, "int64": .unsignedInteger(.max), "count": 2.5, "float": 1e300,
        ])
        #expect(prefs[\.int8] == 0)
        #expect(prefs[\.uint8] == 0)
        #expect(prefs[\.uint64] == 0)
        #expect(prefs[\.int64] == 0)
        #expect(prefs[\.count] == 0)
        #expect(prefs[\.float] == 0)
        #expect(messages.count(containing: "out of range") >= 5)
    }

    @Test func exactNumbersConvertBetweenKinds() {
        let (prefs, _, messages) = makeLogged(["count": 3.0, "double": 7, "uint64": 42])
        #expect(prefs[\.count] == 3)
        #expect(prefs[\.double] == 7)
        #expect(prefs[\.uint64] == 42)
        #expect(messages.all.isEmpty)
    }

    @Test func unknownEnumCaseAndUndecodableCodableReadTheDefault() {
        let (prefs, store, messages) = makeLogged([
            "theme": "purple", "level": 5, "profile": ["name": "Ada"], "url": "", "frames": [["x": "wide"]],
        ])
        #expect(prefs[\.theme] == .system)
        #expect(prefs[\.level] == .low)
        #expect(prefs[\.profile] == nil)
        #expect(prefs[\.frames] == [])
        #expect(messages.count(containing: "'theme'") == 1)
        #expect(messages.count(containing: "'profile'") == 1)
        #expect(store.contents["profile"] == ["name": "Ada"])
    }

    @Test func aValidWriteReplacesTheInvalidValueAndIsReadBack() throws {
        let (prefs, store, _) = makeLogged(["theme": "purple"])
        #expect(prefs[\.theme] == .system)
        prefs[\.theme] = .dark
        #expect(prefs[\.theme] == .dark)
        try prefs.flush()
        #expect(store.contents["theme"] == "dark")
    }

    @Test func anInvalidValueIsReportedAgainOnlyAfterItChanges() {
        let (prefs, store, messages) = makeLogged(["count": "x"])
        _ = prefs[\.count]
        store.simulateOutsideChange(["count": "y"])
        eventually("second report") {
            _ = prefs[\.count]
            return messages.count(containing: "'count'") == 2
        }
    }
}
