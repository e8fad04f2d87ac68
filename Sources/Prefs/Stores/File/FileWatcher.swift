internal import Dispatch
internal import Foundation

/// Calls `onChange` when the file may have changed: written, replaced, created or deleted by anyone.
///
/// It watches the folder, because writers replace the file by renaming a new one over it, and, where the folder's
/// events miss writes in place into the file (Apple platforms), the file itself too. The platform parts only report
/// events: inotify on Linux names the entry each one concerns (``InotifyFolderEventSource``); a dispatch source on the
/// folder on Apple platforms does not (``VnodeFolderEventSource``), and one on the file's descriptor reports its writes
/// (``VnodeFileEventSource``). Deciding which events concern the file, and when the file's own source must be opened
/// again on the path because the file there may have been replaced, is shared, here (``FolderEvent``); the store
/// compares the file's identity before reading it anyway.
final class FileWatcher: Sendable {
    private let source: any FolderEventSource
    private let fileSource: Lock<(any FileEventSource)?>

    /// Tests set it to false to run a store under the event shape of Apple platforms
    /// (``FolderEvent/inApplePlatformsShape(fileNamed:)``): folder events that name no entry, and writes in place
    /// reported by the file's own source.
    @TaskLocal static var reportsNames = true

    /// Starts watching with the platform's event sources.
    convenience init(path: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) throws {
        let reportsNames = Self.reportsNames
        let name = URL(fileURLWithPath: path).lastPathComponent
        try self.init(path: path, onChange: onChange) { directory, handler in
            try PlatformFolderEventSource(directory: directory, queue: queue) { events in
                handler(reportsNames ? events : events.compactMap { $0.inApplePlatformsShape(fileNamed: name) })
            }
        } makeFileSource: { handler in
            #if canImport(Darwin)
            VnodeFileEventSource(path: path, queue: queue, handler: handler)
            #else
            nil  // inotify's folder events report writes in place too
            #endif
        }
    }

    /// Starts watching with the event source `makeSource` returns for the file's folder, and the one
    /// `makeFileSource` returns for the file itself, if any, each given a handler of events.
    init(
        path: String,
        onChange: @escaping @Sendable () -> Void,
        makeSource: (_ directory: String, _ handler: @escaping @Sendable ([FolderEvent]) -> Void) throws ->
            any FolderEventSource,
        makeFileSource: (_ handler: @escaping @Sendable ([FolderEvent]) -> Void) -> (any FileEventSource)? = { _ in
            nil
        }
    ) throws {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let fileSource = Lock<(any FileEventSource)?>(nil)
        let handle: @Sendable ([FolderEvent]) -> Void = { events in
            if events.contains(where: { $0.mayReplace(fileNamed: name) }) {
                fileSource.withLock { $0 }?.reopen()
            }
            if events.contains(where: { $0.concerns(fileNamed: name) }) { onChange() }
        }
        self.fileSource = fileSource
        source = try makeSource(url.deletingLastPathComponent().path, handle)
        let made = makeFileSource(handle)
        fileSource.withLock { $0 = made }
    }

    deinit {
        source.cancel()
        fileSource.withLock { $0 }?.cancel()
    }
}

#if canImport(Darwin)
typealias PlatformFolderEventSource = VnodeFolderEventSource
#elseif canImport(Glibc)
typealias PlatformFolderEventSource = InotifyFolderEventSource
#endif
