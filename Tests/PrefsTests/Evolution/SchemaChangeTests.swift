import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// A Codable type as it looks after its app changed: it gained `opacity`, lost nothing, and can
/// read the older `OldPanel` shape through an explicit upgrade.
private struct Panel: Codable, Sendable, Equatable, PreferenceStorable {
    var width = 100.0
    var opacity = 1.0
    var title = "Panel"
}

private struct OldPanel: Codable, Sendable, PreferenceStorable {
    var size: Double
    var caption: String
}

extension PreferenceKeys {
    fileprivate var panel: Key<Panel> {
        Key("panel", default: Panel(width: 100, opacity: 0.5, title: "Default")).upgrading(from: OldPanel.self) {
            Panel(width: $0.size, opacity: 1, title: $0.caption)
        }
    }
}

@Suite struct SchemaChangeTests {
    private func store(_ json: String) throws -> (Preferences, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        try json.write(to: directory.file(), atomically: true, encoding: .utf8)
        return (Preferences(store: try FilePreferenceStore(url: directory.file())), directory)
    }

    private func onDisk(_ directory: TemporaryDirectory) throws -> String {
        try String(contentsOf: directory.file(), encoding: .utf8)
    }

    @Test func anAddedFieldIsFilledFromTheDefaultAndTheStoredDataIsUntouched() throws {
        let json = #"{"panel": {"title": "Mine", "width": 300.0}}"#
        let (prefs, directory) = try store(json)
        #expect(prefs[\.panel] == Panel(width: 300, opacity: 0.5, title: "Mine"))
        prefs[\.count] = 1
        try prefs.flush()
        #expect(try onDisk(directory).contains(#""title": "Mine""#))
        #expect(try !onDisk(directory).contains("opacity"))
    }

    @Test func aRemovedFieldIsIgnoredAndKeptOnDiskUntilTheAppWritesTheKey() throws {
        let (prefs, directory) = try store(#"{"panel": {"title": "T", "width": 1.0, "opacity": 1.0, "legacy": true}}"#)
        #expect(prefs[\.panel] == Panel(width: 1, opacity: 1, title: "T"))
        prefs[\.count] = 1
        try prefs.flush()
        #expect(try onDisk(directory).contains(#""legacy": true"#))
    }

    @Test func anOlderShapeIsReadThroughTheUpgrade() throws {
        let (prefs, directory) = try store(#"{"panel": {"size": 250.0, "caption": "Old"}}"#)
        #expect(prefs[\.panel] == Panel(width: 250, opacity: 1, title: "Old"))
        #expect(try onDisk(directory).contains(#""caption": "Old""#))
        prefs[\.panel] = prefs[\.panel]  // writing stores the new form
        prefs[\.panel].title = "New"
        try prefs.flush()
        #expect(try onDisk(directory).contains(#""title": "New""#))
        #expect(try !onDisk(directory).contains("caption"))
    }

    @Test func aMemberWhoseTypeChangedReadsTheDefaultAndStaysOnDisk() throws {
        let (prefs, directory) = try store(#"{"panel": {"title": "T", "width": "wide", "opacity": 1.0}}"#)
        #expect(prefs[\.panel] == Panel(width: 100, opacity: 0.5, title: "Default"))
        prefs[\.count] = 1
        try prefs.flush()
        #expect(try onDisk(directory).contains(#""width": "wide""#))
    }
}
