internal import Dispatch
internal import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Calls `onChange` when the file may have changed: written, replaced, created or deleted by anyone.
///
/// It watches the folder, not the file, because writers replace the file by renaming a new one
/// over it. Linux uses inotify; Apple platforms a dispatch source on the folder. Events are
/// filtered by name on Linux; the store compares the file's identity before reading it anyway.
/// Unchecked: dispatch sources are thread-safe, and the source is only cancelled.
final class FileWatcher: @unchecked Sendable {
    private let source: any DispatchSourceProtocol
    private let descriptor: Int32

    init(path: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        #if canImport(Glibc)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileSystem.error(.watch, directory) }
        let mask = UInt32(
            IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            close(descriptor)
            throw FileSystem.error(.watch, directory)
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            if Self.drainEvents(descriptor, mentioning: name) { onChange() }
        }
        #else
        let descriptor = open(directory, O_EVTONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystem.error(.watch, directory) }
        let source = DispatchSource.makeFileSystemObjectSource(
            fileDescriptor: descriptor, eventMask: [.write, .rename, .delete, .link], queue: queue
        )
        source.setEventHandler { onChange() }
        #endif
        self.descriptor = descriptor
        self.source = source
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    deinit { source.cancel() }

    #if canImport(Glibc)
    /// Reads every pending inotify event; returns whether one concerns the file `name`.
    private static func drainEvents(_ descriptor: Int32, mentioning name: String) -> Bool {
        var mentioned = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return mentioned }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (length, mask) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (Int(event.len), event.mask)
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let eventName = String(
                    decoding: buffer[nameStart..<nameStart + length].prefix { $0 != 0 }, as: UTF8.self)
                if eventName == name || mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_Q_OVERFLOW) != 0 {
                    mentioned = true
                }
                offset = nameStart + length
            }
        }
    }
    #endif
}
