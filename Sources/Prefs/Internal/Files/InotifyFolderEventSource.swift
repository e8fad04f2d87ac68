// Not where Darwin exists: the check build (Checks/) compiles Prefs with Darwin stood in on Linux, and leaves this
// Linux-only source out as Apple platforms do.
#if canImport(Glibc) && !canImport(Darwin)
internal import Dispatch
internal import Glibc
internal import SystemPackage

/// Linux's ``FolderEventSource``: inotify on the folder, each event naming the entry it concerns.
///
/// The folder is watched for changes of its entries only; writes in place are watched on the files that matter
/// (``watchWrites(into:)``), in the same inotify instance. Watching a folder for an event about its entries'
/// contents makes the kernel mark every entry of the folder it has cached, at each new watch: about 28 ms in a folder
/// of 7,500 entries (`/tmp` here), where a watch of its entries alone takes 0.01 ms.
///
/// Its few watches are kept in an array: a dictionary's first use in a process searches every loaded conformance.
///
/// Unchecked: dispatch sources are thread-safe, the source is only cancelled, and the watched files are under a lock.
final class InotifyFolderEventSource: FolderEventSource, @unchecked Sendable {
    private let source: any DispatchSourceRead
    private let instance: Int32
    private let directory: String
    /// The folder's own watch.
    private let folderWatch: Int32
    /// The watches of files written in place, each with the entry it was added for.
    private let files = Lock<[WatchedFile]>([])

    init(directory: String, queue: DispatchQueue, handler: @escaping @Sendable ([FolderEvent]) -> Void) throws {
        let instance = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard instance >= 0 else { throw FileSystem.error(.watch, directory) }
        let descriptor = FileDescriptor(rawValue: instance)
        let mask = UInt32(IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
        folderWatch = inotify_add_watch(instance, directory, mask)
        guard folderWatch >= 0 else {
            let failure = FileSystem.error(.watch, directory)
            try? descriptor.close()
            throw failure
        }
        self.instance = instance
        self.directory = directory
        let files = files
        source = DispatchSource.makeReadSource(fileDescriptor: instance, queue: queue)
        source.setEventHandler {
            let events = Self.drainEvents(descriptor, files: files)
            if !events.isEmpty { handler(events) }
        }
        source.setCancelHandler { try? descriptor.close() }
        source.resume()
    }

    /// Watches the files the entries name now for writes in place (a file replaced since is watched anew, and the
    /// watch of the one it replaced removed); an entry that names no file is skipped until the next call.
    ///
    /// An entry that leads to a folder is skipped: a watch of a folder for writes into its entries is the cost this
    /// avoids (and a watch of this folder would replace its own events). When the system refuses another watch (its
    /// limit of watches reached), the folder is watched for writes into its entries instead, as costly as that is.
    func watchWrites(into names: [String]) {
        let writes = UInt32(IN_CLOSE_WRITE)
        files.withLock { files in
            var watched: [WatchedFile] = []
            for name in names {
                let path = directory + "/" + name
                guard let status = FileSystem.status(ofPath: path), status.st_mode & S_IFMT != S_IFDIR else { continue }
                let watch = inotify_add_watch(instance, path, writes)
                if watch >= 0, watch != folderWatch {
                    watched.append(WatchedFile(watch: watch, name: name))
                } else if watch < 0, errno == ENOSPC || errno == ENOMEM {
                    _ = inotify_add_watch(instance, directory, writes | UInt32(IN_MASK_ADD))
                }
            }
            for file in files where !watched.contains(where: { $0.watch == file.watch }) {
                inotify_rm_watch(instance, file.watch)
            }
            files = watched
        }
    }

    func cancel() { source.cancel() }

    /// Reads every pending event (until the non-blocking read says there is none: `EAGAIN`).
    private static func drainEvents(_ descriptor: FileDescriptor, files: Lock<[WatchedFile]>) -> [FolderEvent] {
        var events: [FolderEvent] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = (try? buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }) ?? 0
            guard count > 0 else { return events }
            let files = files.withLock { $0 }
            events += buffer.withUnsafeBytes {
                Self.events(in: UnsafeRawBufferPointer(rebasing: $0[..<count]), files: files)
            }
        }
    }

    /// The events in a buffer of `inotify_event` records: the entry each names (created, moved or deleted, or written
    /// in place: for the watch of a file in `files`, the entry it was added for), or ``FolderEvent/unnamed`` when the
    /// folder itself was deleted or moved, or the kernel's queue overflowed. A watched file's other records are left
    /// out; those of a file's watch already removed name no entry, which concerns no file.
    static func events(in buffer: UnsafeRawBufferPointer, files: [WatchedFile] = []) -> [FolderEvent] {
        var events: [FolderEvent] = []
        var offset = 0
        while offset + MemoryLayout<inotify_event>.size <= buffer.count {
            let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let nameStart = offset + MemoryLayout<inotify_event>.size
            let nameEnd = min(nameStart + Int(event.len), buffer.count)
            let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            if let file = files.first(where: { $0.watch == event.wd })?.name {
                if event.mask & UInt32(IN_CLOSE_WRITE) != 0 { events.append(.written(file)) }
            } else if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_Q_OVERFLOW) != 0 {
                events.append(.unnamed)
            } else if event.mask & UInt32(IN_CLOSE_WRITE) != 0 {
                events.append(.written(name))  // the folder watched for writes into its entries (no watch was left)
            } else {
                events.append(.entry(name))
            }
            offset = nameStart + Int(event.len)
        }
        return events
    }
}

/// A watch of a file written in place, and the entry of the folder it was added for.
struct WatchedFile: Sendable {
    let watch: Int32
    let name: String
}
#endif
