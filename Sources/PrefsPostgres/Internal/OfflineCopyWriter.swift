internal import Dispatch
internal import Foundation
internal import Logging
internal import Prefs

/// Writes the offline copy behind the threads that change the namespace: a change schedules a write one interval
/// later on a queue of its own, and the changes made meanwhile go into that same write. A write that fails is
/// reported once (and again once one succeeds), and retried with the next change.
final class OfflineCopyWriter: Sendable {
    private struct State {
        var isScheduled = false
        /// The mirror's revision the file holds: 0, the mirror as loaded from the file (or empty, with no file yet).
        var savedRevision: UInt64 = 0
        var isFailing = false
        /// The copy's contents as this writer last wrote them, put back when a write fails after its rename.
        var savedData: Data?
        /// Whether the store closed: its last write is done, and no other follows (a later store may own the file).
        var isClosed = false
    }

    let copy: PostgresPreferenceStore.OfflineCopy
    private let logger: Logger
    private let queue = DispatchQueue(label: "Prefs.PostgresPreferenceStore.offlineCopy", qos: .utility)
    private let state = Lock(State())

    init(copy: PostgresPreferenceStore.OfflineCopy, logger: Logger) {
        self.copy = copy
        self.logger = logger
    }

    /// Creates the copy's folder (0700) when it is missing.
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration`.
    func prepareFolder() throws {
        let folder = copy.url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PostgresPreferenceStoreError(
                .invalidConfiguration, "could not create the folder of the offline copy, \(folder.path): \(error)")
        }
    }

    /// Notes that what the copy holds changed: schedules a write one interval from now, unless one is scheduled.
    func changed(_ core: StoreCore) {
        let schedules = state.withLock { state in
            defer { state.isScheduled = true }
            return !state.isScheduled
        }
        guard schedules else { return }
        let (seconds, attoseconds) = copy.interval.components
        let delay = DispatchTimeInterval.nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        queue.asyncAfter(deadline: .now() + delay) { [weak core, self] in
            state.withLock { $0.isScheduled = false }
            if let core { save(core) }
        }
    }

    /// Writes the copy now, when it changed since the last write; returns once it is written (or failed).
    func saveNow(_ core: StoreCore) {
        queue.sync { save(core) }
    }

    /// Writes the copy a last time, when it changed: the store is closing. No write follows, not even one scheduled
    /// before, so that a store opened on the file after this one closed is never overwritten by this one.
    func close(_ core: StoreCore) {
        queue.sync {
            save(core)
            state.withLock { $0.isClosed = true }
        }
    }

    private func save(_ core: StoreCore) {
        let mirror = core.mirror.withLock { $0 }
        let skips = state.withLock { $0.isClosed || $0.savedRevision == mirror.revision }
        guard !skips else { return }
        let data = OfflineCopyFile.encode(mirror, namespace: core.namespace)
        do {
            let path = copy.url.path
            let previous = try state.withLock { $0.savedData } ?? FileSystem.system.read(path)?.0
            _ = try FileSystem.system.replace(path, with: data, previous: { previous })
        } catch {
            let first = state.withLock { state in
                defer { state.isFailing = true }
                return !state.isFailing
            }
            if first {
                logger.error("Prefs: could not write the offline copy: \(error); retrying with the next change")
            }
            return
        }
        let recovered = state.withLock { state in
            defer { (state.savedRevision, state.isFailing, state.savedData) = (mirror.revision, false, data) }
            return state.isFailing
        }
        if recovered { logger.notice("Prefs: the offline copy is written again") }
    }
}
