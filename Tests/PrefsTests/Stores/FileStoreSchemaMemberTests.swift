import Foundation
import Prefs
import PrefsTestSupport
import Testing

/// A top-level `"$schema"` member of the preferences file: kept by every write, never a key.
@Suite struct FileStoreSchemaMemberTests {
    let schemaLine = #""$schema": "./preferences.schema.json""#

    @Test func everyWriteKeepsTheSchemaMemberWhichIsNeverAKey() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("{\(schemaLine), \"theme\": \"dark\"}")
        let store = try FilePreferenceStore(url: url, watchesForChanges: false)
        #expect(store.keys() == ["theme"])
        #expect(store.value(forKey: "$schema") == nil)
        let prefs = Preferences(store: store)
        prefs[\.count] = 3
        prefs.reset(\.theme)
        try prefs.flush()
        let text = try directory.contents()
        #expect(text.contains(schemaLine))
        #expect(!text.contains("theme"))
        #expect(store.keys() == ["count"])
        let exported = String(decoding: try prefs.exportJSON(), as: UTF8.self)
        #expect(!exported.contains("$schema"))
        try prefs.importJSON(Data(#"{"name": "Ada"}"#.utf8), mode: .replace)
        try prefs.flush()
        #expect(try directory.contents().contains(schemaLine))
        #expect(store.keys() == ["name"])
    }

    @Test func theSchemaMemberCannotBeWrittenAsAKey() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("{\(schemaLine)}")
        let store = try FilePreferenceStore(url: url, watchesForChanges: false)
        #expect(throws: UnstorableValueError.self) { try store.write(["$schema": "elsewhere.json", "count": 1]) }
        #expect(try directory.contents() == "{\(schemaLine)}")
    }

    @Test func aHandEditThatAddsTheSchemaMemberChangesNoKey() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(#"{"count": 1}"#)
        let store = try FilePreferenceStore(url: url)
        let prefs = Preferences(store: store)
        #expect(prefs[\.count] == 1)
        try directory.write("{\(schemaLine), \"count\": 2}")
        eventually("the hand edit is read") { prefs[\.count] == 2 }
        #expect(store.keys() == ["count"])
        prefs[\.count] = 5
        try prefs.flush()
        #expect(try directory.contents().contains(schemaLine))
    }
}
