import Foundation
import Prefs
import PrefsTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file store with a lock timeout: writes fail, and reads go on, while another process keeps the lock.
@Suite struct FileLockTimeoutTests {
    /// Holds `<file>.lock` the way another process's store does: `flock` on its own open file.
    private final class LockHolder {
        private var descriptor: Int32
        init(_ url: URL) throws {
            descriptor = open(url.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            try #require(descriptor >= 0)
            try #require(flock(descriptor, LOCK_EX) == 0)
        }
        func release() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
        deinit { release() }
    }

    @Test func aWriteFailsWithALockErrorAfterTheTimeoutAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        try #"{"kept": 1}"#.write(to: url, atomically: true, encoding: .utf8)
        let holder = try LockHolder(url)
        let store = try FilePreferenceStore(url: url, watchesForChanges: false, lockTimeout: .milliseconds(100))
        #expect(store.value(forKey: "kept") == 1)  // reads go on unlocked
        let started = ContinuousClock.now
        let error = #expect(throws: FilePreferenceStoreError.self) { try store.write(["new": 2]) }
        #expect(error?.operation == .lock)
        #expect(ContinuousClock.now - started >= .milliseconds(100))
        #expect(try String(contentsOf: url, encoding: .utf8) == #"{"kept": 1}"#)
        holder.release()
        try store.write(["new": 2])
        #expect(store.value(forKey: "new") == 2)
    }

}
