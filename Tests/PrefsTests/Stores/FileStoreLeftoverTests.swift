import Foundation
import Prefs
import PrefsTestSupport
import Testing

/// The temporary file of a write that never finished is never read, and the next write removes it; nothing else
/// beside the file is touched.
@Suite struct FileStoreLeftoverTests {
    @Test func theNextWriteRemovesTheTemporaryFilesOfUnfinishedWrites() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"kept": 1}"#)
        let leftovers = [".preferences.json.4242.17.tmp", ".preferences.json.1.4294967295.tmp"]
        let others = [
            ".preferences.json.notes.tmp", ".other.json.4242.17.tmp", "preferences.json.corrupt-20260101T000000",
            "preferences.json.4242.17.tmp",
        ]
        for name in leftovers + others { try directory.write(#"{"half": "#, to: name) }
        let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
        #expect(store.value(forKey: "half") == nil)
        #expect(store.value(forKey: "kept") == 1)
        #expect(try Set(directory.names()).isSuperset(of: leftovers), "reading removes nothing")
        try store.write(["new": true])
        let names = try directory.names()
        #expect(names.filter { leftovers.contains($0) }.isEmpty)
        #expect(Set(names).isSuperset(of: others))
        #expect(try directory.contents().contains(#""kept": 1"#))
    }
}
