import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

@Suite struct ExportImportTests {
    @Test func exportWritesTheStoresKeysWithoutThePrefix() throws {
        let (prefs, _) = makePreferences(["app.count": 3, "app.theme": "dark", "other": true], keyPrefix: "app.")
        let exported = try String(decoding: prefs.exportJSON(), as: UTF8.self)
        #expect(exported == "{\n  \"count\": 3,\n  \"theme\": \"dark\"\n}\n")
    }

    @Test func importMergesKeepsUnknownMembersAndRoundTrips() throws {
        let (source, _) = makePreferences(["count": 3, "window": ["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0]])
        let (target, store) = makePreferences(["name": "kept"])
        let seen = Collected<Int>()
        let token = target.observe(\.count) { seen.append($0.newValue) }
        var document = try source.exportJSON()
        document = Data(
            String(decoding: document, as: UTF8.self).replacingOccurrences(
                of: "{\n", with: "{\n  \"future_key\": [1, 2],\n"
            ).utf8)
        try target.importJSON(document)
        #expect(target[\.count] == 3)
        #expect(target[\.window] == Frame(x: 1, y: 2, width: 3, height: 4))
        #expect(target[\.name] == "kept")
        #expect(store.contents["future_key"] == [1, 2])
        eventually { seen.all == [3] }
        token.cancel()
    }

    @Test func replaceRemovesKeysTheDocumentLacks() throws {
        let (prefs, store) = makePreferences(["name": "gone", "count": 1])
        try prefs.importJSON(Data(#"{"count": 2}"#.utf8), mode: .replace)
        #expect(store.contents == ["count": 2])
        #expect(prefs[\.name] == "anonymous")
    }

    @Test func anInvalidMemberOfADeclaredKeyRefusesTheWholeImport() throws {
        let (prefs, store) = makePreferences(["count": 1])
        _ = prefs[\.count]  // a key this container knows
        let error = #expect(throws: PreferenceImportError.self) {
            try prefs.importJSON(
                Data(#"{"count": "many", "theme": "purple", "name": "ok"}"#.utf8),
                validating: [AnyPreferenceKey(\.theme)]
            )
        }
        #expect(error?.invalidMembers.map(\.name) == ["count", "theme"])
        #expect(store.contents == ["count": 1])
        #expect(throws: (any Error).self) { try prefs.importJSON(Data("[1]".utf8)) }
    }

    @Test func aFileStoreImportIsOneAtomicWrite() throws {
        let directory = try TemporaryDirectory()
        let prefs = Preferences(store: try FilePreferenceStore(url: directory.file()))
        try prefs.importJSON(Data(#"{"count": 7, "name": "x", "date": {"$date": "2024-01-01T00:00:00.5Z"}}"#.utf8))
        let reread = Preferences(store: try FilePreferenceStore(url: directory.file()))
        #expect(reread[\.count] == 7)
        #expect(reread[\.date] == Date(timeIntervalSince1970: 1_704_067_200.5))
    }
}
