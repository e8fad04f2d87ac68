import Foundation
import Logging
import PrefsTestSupport
import Testing

@testable import Prefs

/// Files that attack the reader are moved aside byte for byte, and values that would not read back are refused
/// before anything is written.
@Suite struct FileStoreHostileInputTests {
    static let attacks: [(name: String, bytes: [UInt8])] = [
        ("deep nesting", Array(String(repeating: "[", count: 100_000).utf8)),
        ("invalid UTF-8", Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)),
        ("a lone surrogate", Array(#"{"a": "\uD800"}"#.utf8)),
        ("a duplicate name", Array(#"{"a": 1, "a": 2}"#.utf8)),
        ("a comment", Array("{\"a\": 1} // mine\n".utf8)),
        ("NUL bytes", [0x7B, 0x00, 0x00, 0x7D]),
        ("a UTF-16 file", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]),
        ("a number too large", Array(#"{"a": 1e999}"#.utf8)),
        ("trailing content", Array(#"{"a": 1}}"#.utf8)),
        ("a truncated file", Array(#"{"a": [1, 2"#.utf8)),
    ]

    @Test(arguments: attacks)
    func aHostileFileIsMovedAsideByteForByte(_ attack: (name: String, bytes: [UInt8])) throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        try Data(attack.bytes).write(to: url)
        let (logger, messages) = CapturingLogHandler.logger()
        let store = try FilePreferenceStore(url: url, watchesForChanges: false, logger: logger)
        #expect(store.keys().isEmpty)
        let aside = try directory.names().filter { $0.hasPrefix("preferences.json.corrupt-") }
        #expect(aside.count == 1, "\(attack.name)")
        #expect(try Data(contentsOf: directory.file(aside.first ?? "")) == Data(attack.bytes), "\(attack.name)")
        #expect(messages.all.contains { $0.level == .error && $0.message.contains("invalid JSON at line") })
    }

    @Test func aDateThatIsNotFiniteIsRefusedAndNothingIsWritten() throws {
        let directory = try TemporaryDirectory()
        let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
        try store.write(["kept": 1])
        let before = try directory.contents()
        for seconds in [Double.nan, .infinity, -.infinity] {
            let error = #expect(throws: UnstorableValueError.self) {
                try store.write(["kept": 2, "when": ["at": .date(Date(timeIntervalSinceReferenceDate: seconds))]])
            }
            #expect(error?.key == "when")
            #expect(error?.description.contains("the date is not finite") == true)
        }
        #expect(try directory.contents() == before)
        #expect(store.value(forKey: "kept") == 1)
    }

    @Test func aSubscriptWriteOfADateThatIsNotFiniteIsReportedByFlush() throws {
        let directory = try TemporaryDirectory()
        let prefs = Preferences(store: try FilePreferenceStore(url: directory.file(), watchesForChanges: false))
        prefs[\.lastOpened] = Date(timeIntervalSinceReferenceDate: .nan)
        let error = #expect(throws: PreferenceWriteError.self) { try prefs.flush() }
        #expect(error?.underlying is UnstorableValueError)
        #expect(prefs[\.lastOpened] == nil)
    }

    @Test func nestingIsRefusedOnWriteWhereTheReaderWouldRefuseIt() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let store = try FilePreferenceStore(url: url, watchesForChanges: false)
        func nested(_ levels: Int, around innermost: PreferenceValue = 1) -> PreferenceValue {
            (0..<levels).reduce(innermost) { value, _ in .array([value]) }
        }
        let deepest = PreferenceJSON.maximumValueDepth
        try store.write(["fits": nested(deepest), "date": nested(deepest - 1, around: .date(Date()))])
        #expect(throws: UnstorableValueError.self) { try store.write(["deep": nested(deepest + 1)]) }
        #expect(throws: UnstorableValueError.self) { try store.write(["date": nested(deepest, around: .date(Date()))]) }
        #expect(throws: UnstorableValueError.self) {
            try store.write(["wrapped": nested(deepest - 1, around: ["$x": 1])])  // {"$dictionary": {…}} is 2 levels
        }
        let reopened = try FilePreferenceStore(url: url, watchesForChanges: false)
        #expect(reopened.value(forKey: "fits") == nested(deepest))
        #expect(reopened.keys().sorted() == ["date", "fits"])
    }
}
