import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    var renamedTheme: Key<Theme> { Key("theme", default: .system, formerNames: ["app_theme", "old_theme"]) }
    var renamedCount: Key<Int> { Key("count_v2", default: 0, formerNames: ["count_v1"]) }
}

@Suite struct FormerNamesTests {
    @Test func aValueUnderAFormerNameMovesToTheCurrentNameOnceAndIsReported() throws {
        let store = TestPreferenceStore(["app_theme": "dark"])
        let (logger, messages) = CapturingLogHandler.logger()
        let prefs = Preferences(store: store, logger: logger)
        #expect(prefs[\.renamedTheme] == .dark)
        #expect(store.contents == ["theme": "dark"])
        #expect(messages.count(containing: "moved the value stored under 'app_theme' to 'theme'") == 1)
        #expect(store.writes == [["theme": "dark", "app_theme": nil]])  // one atomic write
    }

    @Test func theCurrentNameWinsAndTheFormerValueStaysUntouched() {
        let store = TestPreferenceStore(["app_theme": "dark", "theme": "light"])
        let prefs = Preferences(store: store)
        #expect(prefs[\.renamedTheme] == .light)
        #expect(store.contents["app_theme"] == "dark")
        #expect(store.writes.isEmpty)
    }

    @Test func theNewestFormerNameIsMovedFirstAndTheKeyPrefixApplies() {
        let store = TestPreferenceStore(["app.old_theme": "light", "app.app_theme": "dark"])
        let prefs = Preferences(store: store, keyPrefix: "app.")
        #expect(prefs[\.renamedTheme] == .dark)
        #expect(store.contents == ["app.theme": "dark", "app.old_theme": "light"])
    }

    @Test func theMoveIsOnDiskInTheFileStore() throws {
        let directory = try TemporaryDirectory()
        try #"{"count_v1": 41}"#.write(to: directory.file(), atomically: true, encoding: .utf8)
        let prefs = Preferences(store: try FilePreferenceStore(url: directory.file()))
        #expect(prefs[\.renamedCount] == 41)
        let onDisk = try String(contentsOf: directory.file(), encoding: .utf8)
        #expect(onDisk.contains(#""count_v2": 41"#) && !onDisk.contains("count_v1"))
    }

    @Test func processesStartingAtOnceMoveTheValueExactlyOnce() throws {
        for round in 0..<10 {
            let directory = try TemporaryDirectory()
            try #"{"theme_v1": "dark"}"#.write(to: directory.file(), atomically: true, encoding: .utf8)
            let children = try (0..<4).map { _ in try ChildProcess(["read-renamed", directory.file().path]) }
            for child in children { #expect(child.wait() == 0) }  // exited, and its output read to the end
            let output = children.flatMap(\.lines)
            #expect(output.filter { $0 == "value dark" }.count == 4, "round \(round): \(output)")
            #expect(output.filter { $0.contains("moved the value") }.count == 1, "round \(round): \(output)")
        }
    }
}
