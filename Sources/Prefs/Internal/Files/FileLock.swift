internal import Foundation
internal import SystemPackage

/// An advisory lock shared by every process (and every store) using one preferences file: `flock`
/// on a companion `<file>.lock`, because the data file itself is replaced on every write.
/// The system releases it when a process dies.
///
/// When the file is a symbolic link, the lock file is beside its target (`<target>.lock`), so that every process
/// writing that target takes the same lock, whichever link or path it reaches it by. The link is followed each time
/// the lock is taken, and again once it is held: a link pointed elsewhere meanwhile is followed to its new target.
final class FileLock: Sendable {
    /// The preferences file, or the link to it.
    let filePath: String
    /// How long to wait for another holder; nil waits as long as it takes.
    let timeout: Duration?
    /// The calls that open and close the lock file.
    let calls: SystemCalls

    init(filePath: String, timeout: Duration? = nil, calls: SystemCalls = .system) {
        self.filePath = filePath
        self.timeout = timeout
        self.calls = calls
    }

    /// The lock file for the file as its links lead now.
    ///
    /// - Throws: A ``FilePreferenceStoreError`` for a loop of links.
    func path() throws -> String { try FileSystem.target(of: filePath) + ".lock" }

    /// Runs `body` holding the lock exclusively.
    ///
    /// - Parameters:
    ///   - required: Whether to fail when the lock file cannot be opened (a read-only folder,
    ///     another user's file). Readers pass false and run unlocked then: writers replace the file
    ///     atomically, so reading needs no lock.
    ///   - body: The work to do; it learns whether it holds the lock.
    /// - Returns: What `body` returns.
    /// - Throws: A lock error when `required` and the lock cannot be taken (or is held by another
    ///   process past the timeout), a ``FilePreferenceStoreError`` for a loop of links (or, when `required`, a
    ///   link whose target's folder does not exist), or what `body` throws.
    func withLock<Result>(required: Bool, _ body: (_ locked: Bool) throws -> Result) throws -> Result {
        for _ in 0..<100 {
            let path = required ? try FileSystem.writableTarget(of: filePath) + ".lock" : try path()
            guard let descriptor = try open(path, required: required) else { return try body(false) }
            defer { try? calls.close(descriptor) }  // closing the descriptor releases the lock
            guard try acquire(descriptor, path) else {
                if required {
                    throw FilePreferenceStoreError(
                        operation: .lock, path: path, reason: "another process has held it for more than \(timeout!)")
                }
                return try body(false)  // readers may read unlocked: writers replace the file atomically
            }
            guard try self.path() == path else { continue }  // the link was pointed elsewhere while this waited
            return try body(true)
        }
        throw FilePreferenceStoreError(
            operation: .lock, path: filePath, reason: "its symbolic link was pointed elsewhere 100 times in a row")
    }

    /// The lock file, created if need be (read-only when it cannot be written: a lock works on either); nil when it
    /// cannot be opened and the lock is not `required`.
    private func open(_ path: String, required: Bool) throws -> FileDescriptor? {
        do {
            do {
                return try calls.open(path, .lockFile)
            } catch Errno.permissionDenied, Errno.readOnlyFileSystem {
                return try calls.open(path, .lockFileReadOnly)
            }
        } catch {
            if required { throw FileSystem.error(.lock, path, error) }
            return nil
        }
    }

    /// Takes the lock on `descriptor`; false when another process holds it past the timeout.
    private func acquire(_ descriptor: FileDescriptor, _ path: String) throws -> Bool {
        do {
            guard let timeout else { return try descriptor.lockExclusively(waiting: true) }
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: timeout)
            while try !descriptor.lockExclusively(waiting: false) {
                guard clock.now < deadline else { return false }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return true
        } catch {
            throw FileSystem.error(.lock, path, error)
        }
    }
}
