internal import Foundation

/// How one store object reaches a file that other processes share: a recursive lock for this object's threads and,
/// around the outermost use only, the cross-process ``FileLock``. The file store and the UserDefaults store (on Linux,
/// where its property list is a file that Prefs writers in other processes share) both take it around every use.
final class CrossProcessLock: @unchecked Sendable {
    /// The lock shared with other processes; nil takes only this object's lock.
    let fileLock: FileLock?
    private let local = NSRecursiveLock()
    /// How deeply the holder is nested (guarded by `local`).
    private var depth = 0
    /// Whether the outermost holder got the file lock (guarded by `local`).
    private var holdsFileLock = false

    init(_ fileLock: FileLock?) {
        self.fileLock = fileLock
    }

    /// Whether the current holder also holds the cross-process lock. Ask it inside ``withLock(required:_:)``.
    var isHeldAcrossProcesses: Bool { holdsFileLock }

    /// Whether the current holder is inside another ``withLock(required:_:)`` of the same thread. Ask it inside one.
    var isNested: Bool { depth > 1 }

    /// Runs `body` holding this object's lock only, never the cross-process lock: for work that reads what this
    /// process already holds in memory.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func withLocalLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        local.lock()
        defer { local.unlock() }
        return try body()
    }

    /// Runs `body` holding this object's lock and, when it can (or must), the cross-process lock.
    ///
    /// - Parameters:
    ///   - required: Whether to fail when the cross-process lock cannot be taken; otherwise `body` runs without it.
    ///     A nested call that requires it fails when the outermost call did not get it.
    ///   - body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: A lock error (see ``FileLock/withLock(required:_:)``) or what `body` throws.
    func withLock<Result>(required: Bool, _ body: () throws -> Result) throws -> Result {
        local.lock()
        defer { local.unlock() }
        guard depth == 0, let fileLock else {
            if required, depth > 0, !holdsFileLock, let fileLock {
                throw FilePreferenceStoreError(
                    operation: .lock, path: try fileLock.path(),
                    reason: "a write inside a read that could not take the lock needs it")
            }
            depth += 1
            defer { depth -= 1 }
            return try body()
        }
        return try fileLock.withLock(required: required) { locked in
            holdsFileLock = locked
            depth += 1
            defer {
                depth -= 1
                holdsFileLock = false
            }
            return try body()
        }
    }
}
