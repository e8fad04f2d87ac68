import Foundation
import Logging
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    subscript(int name: String) -> Key<Int> { Key(name, default: 0) }
}

@Suite struct FilePreferenceStoreTests {
    private func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func theFileIsPrettySortedJSONWithLosslessDatesAndData() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let prefs = Preferences(store: try FilePreferenceStore(url: url))
        prefs[\.window] = Frame(x: 1, y: 2, width: 3, height: 4)
        prefs[\.date] = Date(timeIntervalSince1970: 1_700_000_000.123456)
        prefs[\.data] = Data([1, 2, 3])
        prefs[\.double] = 1
        prefs[\.count] = 1
        try prefs.flush()
        #expect(
            try contents(url) == """
                {
                  "count": 1,
                  "data": {"$data": "AQID"},
                  "date": {"$date": "2023-11-14T22:13:20.123456Z"},
                  "double": 1.0,
                  "window": {
                    "height": 4.0,
                    "width": 3.0,
                    "x": 1.0,
                    "y": 2.0
                  }
                }

                """
        )
        let reopened = Preferences(store: try FilePreferenceStore(url: url))
        #expect(reopened[\.date] == Date(timeIntervalSince1970: 1_700_000_000.123456))
    }

    @Test func newFilesAreOwnerOnlyTheFolderIsCreatedAndAnExistingModeIsKept() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("a/b/preferences.json")
        let prefs = Preferences(store: try FilePreferenceStore(url: url))
        prefs[\.count] = 1
        try prefs.flush()
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        prefs[\.count] = 2
        try prefs.flush()
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o644)
    }

    @Test func handWrittenJSONIsRead() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        try #"{"count": 3, "theme": "dark", "date": "2024-01-02T03:04:05Z", "selections": [1,2], "nothing": null}"#
            .write(to: url, atomically: true, encoding: .utf8)
        let prefs = Preferences(store: try FilePreferenceStore(url: url))
        #expect(prefs[\.count] == 3)
        #expect(prefs[\.theme] == .dark)
        #expect(prefs[\.selections] == [1, 2])
        #expect(prefs[\.date] == ISO8601DateFormatter().date(from: "2024-01-02T03:04:05Z"))
    }

    @Test func aCorruptFileIsKeptAsideByteForByteAndTheStoreStartsEmpty() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let damaged = Data("{\"count\": 3,".utf8) + Data([0xFF, 0x00])
        try damaged.write(to: url)
        let (logger, messages) = CapturingLogHandler.logger()
        let prefs = Preferences(store: try FilePreferenceStore(url: url, logger: logger))
        #expect(prefs[\.count] == 0)
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            $0.hasPrefix("preferences.json.corrupt-")
        }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: directory.file(aside[0])) == damaged)
        #expect(messages.all.contains { $0.level == .error && $0.message.contains(url.path) })
        prefs[\.count] = 5
        try prefs.flush()
        #expect(try Data(contentsOf: directory.file(aside[0])) == damaged)
    }

    @Test func aTopLevelThatIsNotAnObjectIsCorruptToo() throws {
        let directory = try TemporaryDirectory()
        try "[1, 2]".write(to: directory.file(), atomically: true, encoding: .utf8)
        _ = try FilePreferenceStore(url: directory.file())
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).contains {
                $0.contains(".corrupt-")
            })
    }

    @Test func aWrongTypedMemberStaysUntouchedThroughUnrelatedWrites() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        try #"{"count": "many"}"#.write(to: url, atomically: true, encoding: .utf8)
        let prefs = Preferences(store: try FilePreferenceStore(url: url))
        #expect(prefs[\.count] == 0)
        prefs[\.name] = "x"
        try prefs.flush()
        #expect(try contents(url).contains(#""count": "many""#))
    }

    @Test func twoStoresInOneProcessKeepEachOthersWrites() async throws {
        let directory = try TemporaryDirectory()
        let first = Preferences(store: try FilePreferenceStore(url: directory.file()))
        let second = Preferences(store: try FilePreferenceStore(url: directory.file()))
        await withTaskGroup(of: Void.self) { group in
            for (name, prefs) in [("first", first), ("second", second)] {
                group.addTask { for index in 0..<500 { prefs[\.[int: "\(name).\(index)"]] = index } }
            }
        }
        try first.flush()
        try second.flush()
        let check = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
        #expect(check.keys().count == 1_000)
        #expect(check.value(forKey: "first.499") == 499 && check.value(forKey: "second.0") == 0)
    }

    @Test func aHandEditReachesObserversOfTheChangedKeysOnlyAndIsNotOverwritten() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let prefs = Preferences(store: try FilePreferenceStore(url: url))
        prefs[\.count] = 1
        prefs[\.name] = "mine"
        try prefs.flush()
        let counts = Collected<Int>(), names = Collected<String>()
        let tokens = [
            prefs.observe(\.count) { counts.append($0.newValue) }, prefs.observe(\.name) { names.append($0.newValue) },
        ]
        // In place, as an editor writes: the store must wait for the file to settle.
        try #"{"count": 42, "name": "mine"}"#.write(to: url, atomically: false, encoding: .utf8)
        await eventually("hand edit observed") { counts.all == [42] }
        prefs[\.theme] = .dark
        try prefs.flush()
        #expect(try contents(url).contains(#""count": 42"#))
        #expect(names.count == 0)
        _ = tokens
    }

    @Test func deletingTheFileResetsEveryKeyToItsDefault() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let prefs = Preferences(store: try FilePreferenceStore(url: url))
        prefs[\.count] = 7
        try prefs.flush()
        let stream = prefs.changes(\.count)
        try FileManager.default.removeItem(at: url)
        #expect(await first(1, of: stream) == [0])
        #expect(prefs[\.count] == 0)
    }
}
