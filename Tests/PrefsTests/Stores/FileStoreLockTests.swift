import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file lock is held only for work, never for waiting: a store that meets a half-written file waits for it to
/// settle without the lock, so writers in other processes are not held up by it.
@Suite struct FileStoreLockTests {
    @Test func aStoreWaitsForAHalfWrittenFileWithoutTheLock() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let halfWritten = Data("{\"a\": 1, \"b\":".utf8)  // an editor's half-written save, left as it is
        // Every read of the half-written file records whether another open of the lock file could take the lock then.
        let readsOfTheHalfWrittenFile = Lock<(lockFree: Int, lockHeld: Int)>((0, 0))
        var calls = SystemCalls.system
        calls.open = { path, mode in
            if mode == .read, path == url.path, (try? Data(contentsOf: url)) == halfWritten {
                let free = Self.lockIsFree(path + ".lock")
                readsOfTheHalfWrittenFile.withLock { free ? ($0.lockFree += 1) : ($0.lockHeld += 1) }
            }
            return try SystemCalls.system.open(path, mode)
        }
        let store = try FilePreferenceStore(url: url, watchesForChanges: false, systemCalls: calls)
        try store.write(["a": 1])
        try halfWritten.write(to: url)
        try store.write(["c": 3])  // meets the damaged file, waits for it to settle, then moves it aside
        let reads = readsOfTheHalfWrittenFile.withLock { $0 }
        // Under the lock the store reads the file once, lets go to wait, and reads it once more before moving it
        // aside; waiting is reading it again until it stays the same three times, which under the lock would make
        // five reads or more.
        #expect(reads.lockFree >= 3, "the store did not wait for the file to settle outside the lock")
        #expect(reads.lockHeld == 2, "the store waited for the file to settle while holding the lock")
        #expect(store.value(forKey: "c") == 3)
        #expect(store.value(forKey: "a") == nil, "the damaged file was moved aside and the store started empty")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).contains {
                $0.contains(".corrupt-")
            })
    }

    /// Whether a new open of the lock file can take its `flock` now (then released at once).
    private static func lockIsFree(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return true }  // no lock file: nobody holds it
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}
