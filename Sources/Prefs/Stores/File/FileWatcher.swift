internal import Dispatch
internal import Foundation

/// Calls `onChange` when the file may have changed: written, replaced, created or deleted by anyone.
///
/// It watches the folder, not the file, because writers replace the file by renaming a new one over it. The
/// platform part, a ``FolderEventSource``, only reports events: inotify on Linux names the entry each one concerns
/// (``InotifyFolderEventSource``); a dispatch source on the folder on Apple platforms does not
/// (``VnodeFolderEventSource``). Deciding which events concern the file is shared, here
/// (``FolderEvent/concerns(fileNamed:)``), and the store compares the file's identity before reading it anyway.
final class FileWatcher: Sendable {
    private let source: any FolderEventSource

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

    /// Starts watching with the event source `makeSource` returns for the file's folder and a handler of events.
    init(
        path: String,
        onChange: @escaping @Sendable () -> Void,
        makeSource: (_ directory: String, _ handler: @escaping @Sendable ([FolderEvent]) -> Void) throws ->
            any FolderEventSource
    ) throws {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        source = try makeSource(url.deletingLastPathComponent().path) { events in
            if events.contains(where: { $0.concerns(fileNamed: name) }) { onChange() }
        }
    }

    deinit { source.cancel() }
}

#if canImport(Darwin)
typealias PlatformFolderEventSource = VnodeFolderEventSource
#elseif canImport(Glibc)
typealias PlatformFolderEventSource = InotifyFolderEventSource
#endif
