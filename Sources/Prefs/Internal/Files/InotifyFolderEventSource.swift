// Not where Darwin exists: the check build (Checks/) compiles Prefs with Darwin stood in on Linux, and leaves this
// Linux-only source out as Apple platforms do.
#if canImport(Glibc) && !canImport(Darwin)
internal import Dispatch
internal import Glibc
internal import SystemPackage

/// Linux's ``FolderEventSource``: inotify on the folder, each event naming the entry it concerns.
///
/// Unchecked: dispatch sources are thread-safe, and the source is only cancelled.
final class InotifyFolderEventSource: FolderEventSource, @unchecked Sendable {
    private let source: any DispatchSourceRead

    init(directory: String, queue: DispatchQueue, handler: @escaping @Sendable ([FolderEvent]) -> Void) throws {
        let instance = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard instance >= 0 else { throw FileSystem.error(.watch, directory) }
        let descriptor = FileDescriptor(rawValue: instance)
        let mask = UInt32(
            IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(instance, directory, mask) >= 0 else {
            let failure = FileSystem.error(.watch, directory)
            try? descriptor.close()
            throw failure
        }
        source = DispatchSource.makeReadSource(fileDescriptor: instance, queue: queue)
        source.setEventHandler {
            let events = Self.drainEvents(descriptor)
            if !events.isEmpty { handler(events) }
        }
        source.setCancelHandler { try? descriptor.close() }
        source.resume()
    }

    func cancel() { source.cancel() }

    /// Reads every pending event (until the non-blocking read says there is none: `EAGAIN`).
    private static func drainEvents(_ descriptor: FileDescriptor) -> [FolderEvent] {
        var events: [FolderEvent] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = (try? buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }) ?? 0
            guard count > 0 else { return events }
            events += buffer.withUnsafeBytes { Self.events(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// The events in a buffer of `inotify_event` records: the entry each names (written in place, or created, moved
    /// or deleted), or ``FolderEvent/unnamed`` when the folder itself was deleted or moved, or the kernel's queue
    /// overflowed.
    static func events(in buffer: UnsafeRawBufferPointer) -> [FolderEvent] {
        var events: [FolderEvent] = []
        var offset = 0
        while offset + MemoryLayout<inotify_event>.size <= buffer.count {
            let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let nameStart = offset + MemoryLayout<inotify_event>.size
            let nameEnd = min(nameStart + Int(event.len), buffer.count)
            let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_Q_OVERFLOW) != 0 {
                events.append(.unnamed)
            } else if event.mask & UInt32(IN_CLOSE_WRITE) != 0 {
                events.append(.written(name))
            } else {
                events.append(.entry(name))
            }
            offset = nameStart + Int(event.len)
        }
        return events
    }
}
#endif
