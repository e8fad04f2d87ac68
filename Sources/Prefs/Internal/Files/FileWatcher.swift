internal import Dispatch
internal import Foundation

/// Calls `onChange` when the file may have changed: written, replaced, created or deleted by anyone.
///
/// It watches the folder, because writers replace the file by renaming a new one over it, and the file itself for
/// writes in place. The platform parts only report events: inotify on Linux names the entry each one concerns, and
/// watches the files of the chain for writes in place in the same instance (``InotifyFolderEventSource``, told which
/// by ``FolderEventSource/watchWrites(into:)``); a dispatch source on the folder on Apple platforms names none
/// (``VnodeFolderEventSource``), and one on the file's descriptor reports its writes (``VnodeFileEventSource``).
/// Deciding which events concern the file, and when the file's own source must be opened again on the path because
/// the file there may have been replaced, is shared, here (``FolderEvent``); the store compares the file's identity
/// before reading it anyway.
///
/// A file that is a symbolic link is followed: the folder of every link in its chain and the folder of its target
/// are watched (and the file's own source watches the target), so that an edit or a replacement of the target and a
/// link pointed elsewhere are all seen; after each event that concerns one of them, the chain is followed again and
/// the watched folders change with it.
///
/// Its few folders and names are kept in arrays: a dictionary's or a set's first use in a process searches every
/// loaded conformance (about a quarter of a file store's open, measured before this was so).
final class FileWatcher: Sendable {
    /// Makes the event source of one folder, handing its events to a handler.
    typealias SourceFactory =
        @Sendable (
            _ directory: String, _ handler: @escaping @Sendable ([FolderEvent]) -> Void
        ) throws -> any FolderEventSource

    /// A folder the file's chain of links goes through, the names in it, and its source once it is watched.
    private struct Folder {
        let path: String
        var names: [String]
        var source: (any FolderEventSource)?
    }

    private let path: String
    private let onChange: @Sendable () -> Void
    private let makeSource: SourceFactory
    private let folders = Lock<[Folder]>([])
    private let fileSource = Lock<(any FileEventSource)?>(nil)

    /// Starts watching with the platform's event sources.
    convenience init(path: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) throws {
        try self.init(path: path, onChange: onChange) { directory, handler in
            try PlatformFolderEventSource(directory: directory, queue: queue, handler: handler)
        } makeFileSource: { handler in
            #if canImport(Darwin)
            VnodeFileEventSource(path: path, queue: queue, handler: handler)
            #else
            nil  // the folder's inotify source watches the files for writes in place (`watchWrites(into:)`)
            #endif
        }
    }

    /// Starts watching with the event sources `makeSource` returns for the folders of the file and its links, and
    /// the one `makeFileSource` returns for the file itself, if any, each given a handler of events.
    ///
    /// - Throws: The error of `makeSource` for the folder of `path` itself; a link's target whose folder cannot be
    ///   watched is followed again after the next event in the folders that can.
    init(
        path: String,
        onChange: @escaping @Sendable () -> Void,
        makeSource: @escaping SourceFactory,
        makeFileSource: (_ handler: @escaping @Sendable ([FolderEvent]) -> Void) -> (any FileEventSource)? = { _ in
            nil
        }
    ) throws {
        self.path = path
        self.onChange = onChange
        self.makeSource = makeSource
        try follow(requiring: FileSystem.folder(of: path))
        let made = makeFileSource { [weak self] events in self?.handle(events, names: nil) }
        fileSource.withLock { $0 = made }
    }

    deinit {
        for folder in folders.withLock({ $0 }) { folder.source?.cancel() }
        fileSource.withLock { $0 }?.cancel()
    }

    /// The folders to watch for the file as its links lead now, each with the names in it that matter.
    private func wantedFolders() -> [Folder] {
        var wanted: [Folder] = []
        for entry in (try? FileSystem.linkChain(path)) ?? [path] {
            let folder = FileSystem.folder(of: entry)
            let name = FileSystem.name(of: entry)
            if let index = wanted.firstIndex(where: { $0.path == folder }) {
                if !wanted[index].names.contains(name) { wanted[index].names.append(name) }
            } else {
                wanted.append(Folder(path: folder, names: [name]))
            }
        }
        return wanted
    }

    /// Watches the folders the file's chain of links goes through now, and no others.
    private func follow(requiring required: String? = nil) throws {
        let wanted = wantedFolders()
        var added: [Folder] = []
        for folder in wanted where folders.withLock({ !$0.contains { $0.path == folder.path } }) {
            do {
                let source = try makeSource(folder.path) { [weak self] events in
                    let names = self?.folders.withLock { $0.first { $0.path == folder.path }?.names }
                    self?.handle(events, names: names ?? [])
                }
                added.append(Folder(path: folder.path, names: [], source: source))
            } catch  where folder.path != required {
                continue  // the target's folder may not exist yet
            }
        }
        let (stale, watched) = folders.withLock { folders in
            folders += added
            let stale = folders.filter { folder in !wanted.contains { $0.path == folder.path } }
            folders.removeAll { folder in !wanted.contains { $0.path == folder.path } }
            for index in folders.indices {
                folders[index].names = wanted.first { $0.path == folders[index].path }?.names ?? []
            }
            return (stale.compactMap(\.source), folders)
        }
        for source in stale { source.cancel() }
        // Again after every event: an entry may name another file now.
        for folder in watched { folder.source?.watchWrites(into: folder.names) }
    }

    /// Handles events of a folder, where `names` are the entries that matter, or of the file's own source (nil).
    private func handle(_ events: [FolderEvent], names: [String]?) {
        func any(_ test: (FolderEvent, String) -> Bool) -> Bool {
            events.contains { event in
                guard let names else { return test(event, "") }  // the file's own events concern it whatever its name
                return names.contains { test(event, $0) }
            }
        }
        guard any({ $0.concerns(fileNamed: $1) }) else { return }
        try? follow()
        if any({ $0.mayReplace(fileNamed: $1) }) { fileSource.withLock { $0 }?.reopen() }
        onChange()
    }
}

#if canImport(Darwin)
typealias PlatformFolderEventSource = VnodeFolderEventSource
#elseif canImport(Glibc)
typealias PlatformFolderEventSource = InotifyFolderEventSource
#endif
