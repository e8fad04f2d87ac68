internal import Dispatch
internal import Foundation

/// Calls `onChange` when the file may have changed: written, replaced, created or deleted by anyone.
///
/// It watches the folder, not the file, because writers replace the file by renaming a new one over it. The
/// platform part, a ``FolderEventSource``, only reports events: inotify on Linux names the entry each one concerns
/// (``InotifyFolderEventSource``); a dispatch source on the folder on Apple platforms does not
/// (``VnodeFolderEventSource``). Deciding which events concern the file is shared, here
/// (``FolderEvent/concerns(fileNamed:)``), and the store compares the file's identity before reading it anyway.
///
/// A file that is a symbolic link is followed: the folder of every link in its chain and the folder of its target
/// are watched, so that an edit or a replacement of the target and a link pointed elsewhere are all seen; after
/// each event that concerns one of them, the chain is followed again and the watched folders change with it.
final class FileWatcher: Sendable {
    /// Makes the event source of one folder, handing its events to a handler.
    typealias SourceFactory =
        @Sendable (
            _ directory: String, _ handler: @escaping @Sendable ([FolderEvent]) -> Void
        ) throws -> any FolderEventSource

    /// A watched folder: its source, and the names in it that the file's chain of links goes through.
    private struct WatchedFolder {
        let source: any FolderEventSource
        var names: Set<String>
    }

    private let path: String
    private let onChange: @Sendable () -> Void
    private let makeSource: SourceFactory
    private let folders = Lock<[String: WatchedFolder]>([:])

    /// Tests set it to false to run a store under the event shape of Apple platforms, whose folder events name no
    /// entry: each event is then handed on as ``FolderEvent/unnamed``.
    @TaskLocal static var reportsNames = true

    /// Starts watching with the platform's event source.
    convenience init(path: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) throws {
        let reportsNames = Self.reportsNames
        try self.init(path: path, onChange: onChange) { directory, handler in
            try PlatformFolderEventSource(directory: directory, queue: queue) { events in
                handler(reportsNames ? events : events.map { _ in .unnamed })
            }
        }
    }

    /// Starts watching with the event sources `makeSource` returns for the folders of the file and its links.
    ///
    /// - Throws: The error of `makeSource` for the folder of `path` itself; a link's target whose folder cannot be
    ///   watched is followed again after the next event in the folders that can.
    init(path: String, onChange: @escaping @Sendable () -> Void, makeSource: @escaping SourceFactory) throws {
        self.path = path
        self.onChange = onChange
        self.makeSource = makeSource
        try follow(requiring: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    deinit {
        for folder in folders.withLock({ Array($0.values) }) { folder.source.cancel() }
    }

    /// The folders to watch for the file as its links lead now, each with the names in it that matter.
    private func wantedFolders() -> [String: Set<String>] {
        var wanted: [String: Set<String>] = [:]
        for entry in (try? FileSystem.linkChain(path)) ?? [path] {
            let url = URL(fileURLWithPath: entry)
            wanted[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
        }
        return wanted
    }

    /// Watches the folders the file's chain of links goes through now, and no others.
    private func follow(requiring required: String? = nil) throws {
        let wanted = wantedFolders()
        var added: [String: any FolderEventSource] = [:]
        for folder in wanted.keys where folders.withLock({ $0[folder] == nil }) {
            do {
                added[folder] = try makeSource(folder) { [weak self] events in self?.handle(events, in: folder) }
            } catch  where folder != required {
                continue  // the target's folder may not exist yet
            }
        }
        let stale = folders.withLock { folders -> [any FolderEventSource] in
            for (folder, source) in added { folders[folder] = WatchedFolder(source: source, names: []) }
            let stale = folders.filter { wanted[$0.key] == nil }
            for folder in stale.keys { folders[folder] = nil }
            for (folder, names) in wanted { folders[folder]?.names = names }
            return stale.values.map(\.source)
        }
        for source in stale { source.cancel() }
    }

    private func handle(_ events: [FolderEvent], in folder: String) {
        let names = folders.withLock { $0[folder]?.names ?? [] }
        guard events.contains(where: { event in names.contains { event.concerns(fileNamed: $0) } }) else { return }
        try? follow()
        onChange()
    }
}

#if canImport(Darwin)
typealias PlatformFolderEventSource = VnodeFolderEventSource
#elseif canImport(Glibc)
typealias PlatformFolderEventSource = InotifyFolderEventSource
#endif
