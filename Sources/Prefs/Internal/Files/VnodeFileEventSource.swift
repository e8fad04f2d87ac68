#if canImport(Darwin)
internal import Darwin
internal import Dispatch

/// Apple platforms' ``FileEventSource``: a dispatch source on the file's own vnode, which reports what the folder's
/// source misses, a write in place (an editor saving over the file), and also the file's deletion, renaming or
/// revocation. It watches the file that the path named when it was (re)opened; ``FileWatcher`` opens it again when an
/// event says the path may name another file now. While the path names no file, it watches nothing.
final class VnodeFileEventSource: FileEventSource, Sendable {
    private let path: String
    private let queue: DispatchQueue
    private let handler: @Sendable ([FolderEvent]) -> Void
    private let source = Lock<(any DispatchSourceFileSystemObject)?>(nil)

    init(path: String, queue: DispatchQueue, handler: @escaping @Sendable ([FolderEvent]) -> Void) {
        self.path = path
        self.queue = queue
        self.handler = handler
        reopen()
    }

    func reopen() {
        let descriptor = open(path, O_EVTONLY | O_CLOEXEC)
        var opened: (any DispatchSourceFileSystemObject)?
        if descriptor >= 0 {
            let new = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: descriptor, eventMask: [.write, .extend, .attrib, .delete, .rename, .revoke],
                queue: queue
            )
            new.setEventHandler { [handler] in
                handler([.file(replaced: !new.data.isDisjoint(with: [.delete, .rename, .revoke]))])
            }
            new.setCancelHandler { close(descriptor) }
            new.resume()
            opened = new
        }
        let previous = source.withLock { current in
            defer { current = opened }
            return current
        }
        previous?.cancel()
    }

    func cancel() {
        source.withLock { current in
            defer { current = nil }
            return current
        }?.cancel()
    }
}
#endif
