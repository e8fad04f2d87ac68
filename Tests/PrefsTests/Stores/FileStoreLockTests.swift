import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

/// The file lock is held only for work, never for waiting: a store that meets a half-written file waits for it to
/// settle without the lock, so writers in other processes are not held up by it.
@Suite struct FileStoreLockTests {
    @Test func aStoreWaitsForAHalfWrittenFileWithoutTheLock() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let store = try FilePreferenceStore(url: url, watchesForChanges: false)
        try store.write(["a": 1])
        try Data("{\"a\": 1, \"b\":".utf8).write(to: url)  // an editor's half-written save, left as it is
        try store.write(["c": 3])  // meets the damaged file, waits for it to settle, then moves it aside
        let waits = store.settleWaits.withLock { $0 }
        #expect(waits.outsideTheLock == 1)
        #expect(waits.holdingTheLock == 0, "the store waited for the file to settle while holding the lock")
        #expect(store.value(forKey: "c") == 3)
        #expect(store.value(forKey: "a") == nil, "the damaged file was moved aside and the store started empty")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).contains {
                $0.contains(".corrupt-")
            })
    }
}
