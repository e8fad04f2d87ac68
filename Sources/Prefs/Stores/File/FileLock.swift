internal import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock shared by every process (and every store) using one preferences file: `flock`
/// on a companion `<file>.lock`, because the data file itself is replaced on every write.
/// The system releases it when a process dies.
final class FileLock: Sendable {
    let path: String

    init(path: String) { self.path = path }

    /// Runs `body` holding the lock exclusively.
    ///
    /// - Parameters:
    ///   - required: Whether to fail when the lock file cannot be opened (a read-only folder,
    ///     another user's file). Readers pass false and run unlocked then: writers replace the file
    ///     atomically, so reading needs no lock.
    ///   - body: The work to do; it learns whether it holds the lock.
    /// - Returns: What `body` returns.
    /// - Throws: A lock error when `required` and the lock cannot be taken, or what `body` throws.
    func withLock<Result>(required: Bool, _ body: (_ locked: Bool) throws -> Result) throws -> Result {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == EACCES || errno == EROFS { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            if required { throw FileSystem.error(.lock, path) }
            return try body(false)
        }
        defer { close(descriptor) }  // closing the descriptor releases the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileSystem.error(.lock, path) }
        }
        return try body(true)
    }
}
