internal import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An advisory lock shared by every process (and every store) using one preferences file: `flock`
/// on a companion `<file>.lock`, because the data file itself is replaced on every write.
/// The system releases it when a process dies.
final class FileLock: Sendable {
    let path: String
    /// How long to wait for another holder; nil waits as long as it takes.
    let timeout: Duration?

    init(path: String, timeout: Duration? = nil) {
        self.path = path
        self.timeout = timeout
    }

    /// Runs `body` holding the lock exclusively.
    ///
    /// - Parameters:
    ///   - required: Whether to fail when the lock file cannot be opened (a read-only folder,
    ///     another user's file). Readers pass false and run unlocked then: writers replace the file
    ///     atomically, so reading needs no lock.
    ///   - body: The work to do; it learns whether it holds the lock.
    /// - Returns: What `body` returns.
    /// - Throws: A lock error when `required` and the lock cannot be taken (or is held by another
    ///   process past the timeout), or what `body` throws.
    func withLock<Result>(required: Bool, _ body: (_ locked: Bool) throws -> Result) throws -> Result {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == EACCES || errno == EROFS { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            if required { throw FileSystem.error(.lock, path) }
            return try body(false)
        }
        defer { close(descriptor) }  // closing the descriptor releases the lock
        guard try acquire(descriptor) else {
            if required {
                throw FilePreferenceStoreError(
                    operation: .lock, path: path, reason: "another process has held it for more than \(timeout!)")
            }
            return try body(false)  // readers may read unlocked: writers replace the file atomically
        }
        return try body(true)
    }

    /// Takes the lock on `descriptor`; false when another process holds it past the timeout.
    private func acquire(_ descriptor: Int32) throws -> Bool {
        guard let timeout else {
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw FileSystem.error(.lock, path) }
            }
            return true
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw FileSystem.error(.lock, path) }
            guard clock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }
}
