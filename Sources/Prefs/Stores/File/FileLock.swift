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
    func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileSystem.error(.lock, path) }
        defer { close(descriptor) }  // closing the descriptor releases the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileSystem.error(.lock, path) }
        }
        return try body()
    }
}
