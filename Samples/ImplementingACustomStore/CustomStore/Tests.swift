// Complete form of samples in: Sources/Prefs/Prefs.docc/ImplementingACustomStore.md
import Foundation
import Prefs
import PrefsTesting
import Testing

@Test func dictionaryStoreConforms() throws {
    try PreferenceStoreConformance.check(makeStore: { DictionaryStore() })
}

@Test func fileStoreConforms() throws {
    let folder = FileManager.default.temporaryDirectory
    try PreferenceStoreConformance.check(
        makeStore: { try FilePreferenceStore(url: folder.appendingPathComponent("\(UUID()).json")) },
        reopen: { try FilePreferenceStore(url: ($0 as! FilePreferenceStore).url) }
    )
}
