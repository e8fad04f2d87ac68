#if canImport(Darwin)
internal import Darwin
internal import Dispatch

/// Apple platforms' ``FolderEventSource``: a dispatch source on the folder's vnode, which fires when entries are
/// added, removed or renamed, and when the folder itself is deleted or renamed, without saying which entry.
///
/// It does not fire for a write in place into an existing file: that changes the file's vnode, not the folder's.
/// Unchecked, as SDKs before `DispatchSourceFileSystemObject` was declared `Sendable` require: dispatch sources are
/// thread-safe, and the source is only cancelled.
final class VnodeFolderEventSource: FolderEventSource, @unchecked Sendable {
    private let source: any DispatchSourceFileSystemObject

    init(directory: String, queue: DispatchQueue, handler: @escaping @Sendable ([FolderEvent]) -> Void) throws {
        let descriptor = open(directory, O_EVTONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystem.error(.watch, directory) }
        source = DispatchSource.makeFileSystemObjectSource(
            fileDescriptor: descriptor, eventMask: [.write, .rename, .delete, .link], queue: queue
        )
        source.setEventHandler { handler([.unnamed]) }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    func cancel() { source.cancel() }
}
#endif
