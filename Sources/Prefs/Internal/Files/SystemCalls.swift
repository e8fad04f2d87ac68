internal import SystemPackage

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system calls through which the file store reads, replaces and locks its file, as values: the real ones
/// (``system``), or, in tests, ones that fail on request or record what they were asked (a store takes them through
/// its internal initializer). Each throws the `Errno` it failed with, as swift-system does (declared `throws`, not
/// `throws(Errno)`: a stored function type with a typed error needs the macOS 15 runtime); swift-system does the rest
/// (paths, descriptors, `stat`).
struct SystemCalls: Sendable {
    /// How a file is opened.
    enum OpenMode: Sendable, Equatable {
        /// To read an existing file.
        case read
        /// A folder, to `fsync` it.
        case folder
        /// A new file that must not exist yet (`O_CREAT | O_EXCL`), to write, with these permissions.
        case createNew(FilePermissions)
        /// A lock file, created if missing, to read and write (`O_CREAT`).
        case lockFile
        /// An existing lock file, read only (a lock works on either).
        case lockFileReadOnly
    }

    /// `open`.
    var open: @Sendable (_ path: String, _ mode: OpenMode) throws -> FileDescriptor
    /// `read` of up to the buffer's size; retried on `EINTR`.
    var read: @Sendable (_ descriptor: FileDescriptor, _ buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// `write` of up to the buffer's size; retried on `EINTR`.
    var write: @Sendable (_ descriptor: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws -> Int
    /// `fchmod`.
    var setPermissions: @Sendable (_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws -> Void
    /// `fsync`: returns when the file's (or folder's) data and metadata are on the device.
    var synchronize: @Sendable (_ descriptor: FileDescriptor) throws -> Void
    /// `close`.
    var close: @Sendable (_ descriptor: FileDescriptor) throws -> Void
    /// `rename`: moves an entry over another, atomically, in one file system.
    var rename: @Sendable (_ source: String, _ destination: String) throws -> Void
    /// `link`: a second name for a file; never replaces an existing name.
    var link: @Sendable (_ source: String, _ name: String) throws -> Void
    /// `unlink`.
    var unlink: @Sendable (_ path: String) throws -> Void
    /// `mkdir`.
    var makeDirectory: @Sendable (_ path: String, _ permissions: FilePermissions) throws -> Void

    /// The operating system's calls.
    static let system = SystemCalls(
        open: { path, mode in
            do {
                switch mode {
                case .read:
                    return try path.withCString { try FileDescriptor.open($0, .readOnly, options: .closeOnExec) }
                case .folder:
                    return try path.withCString {
                        try FileDescriptor.open($0, .readOnly, options: [.directory, .closeOnExec])
                    }
                case .createNew(let permissions):
                    return try path.withCString {
                        try FileDescriptor.open(
                            $0, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec], permissions: permissions
                        )
                    }
                case .lockFile:
                    return try path.withCString {
                        try FileDescriptor.open(
                            $0, .readWrite, options: [.create, .closeOnExec], permissions: .ownerReadWrite)
                    }
                case .lockFileReadOnly:
                    return try path.withCString { try FileDescriptor.open($0, .readOnly, options: .closeOnExec) }
                }
            } catch let failure as Errno {
                throw failure
            } catch {
                throw Errno.ioError
            }
        },
        read: { descriptor, buffer in
            do { return try descriptor.read(into: buffer, retryOnInterrupt: true) } catch { throw Errno(error) }
        },
        write: { descriptor, bytes in
            do { return try descriptor.write(bytes, retryOnInterrupt: true) } catch { throw Errno(error) }
        },
        setPermissions: { descriptor, permissions in
            guard fchmod(descriptor.rawValue, permissions.rawValue) == 0 else { throw Errno.ofLastCall }
        },
        synchronize: { descriptor in
            guard fsync(descriptor.rawValue) == 0 else { throw Errno.ofLastCall }
        },
        close: { descriptor in
            do { try descriptor.close() } catch { throw Errno(error) }
        },
        rename: { source, destination in
            let status = source.withCString { from in destination.withCString { to in systemRename(from, to) } }
            guard status == 0 else { throw Errno.ofLastCall }
        },
        link: { source, name in
            let status = source.withCString { from in name.withCString { to in systemLink(from, to) } }
            guard status == 0 else { throw Errno.ofLastCall }
        },
        unlink: { path in
            guard path.withCString({ systemUnlink($0) }) == 0 else { throw Errno.ofLastCall }
        },
        makeDirectory: { path, permissions in
            guard path.withCString({ mkdir($0, permissions.rawValue) }) == 0 else { throw Errno.ofLastCall }
        }
    )
}

extension Errno {
    /// The calling thread's `errno`, as swift-system's type.
    static var ofLastCall: Errno { Errno(rawValue: errno) }

    /// An error of swift-system's calls as the `Errno` it is (they throw nothing else).
    init(_ error: any Error) { self = error as? Errno ?? .ioError }
}

extension FileDescriptor {
    /// `flock(LOCK_EX)`: takes the advisory lock shared by every process that opens the same file, released when the
    /// descriptor is closed or the process ends. Retries when a signal interrupts the wait.
    ///
    /// - Parameter waiting: Whether to wait for another holder; otherwise returns false at once when it holds it.
    /// - Returns: Whether the lock is held.
    /// - Throws: The `Errno` of `flock` (not `EWOULDBLOCK` when not `waiting`, nor `EINTR`).
    func lockExclusively(waiting: Bool) throws(Errno) -> Bool {
        while flock(rawValue, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            let failure = Errno.ofLastCall
            if failure == .interrupted { continue }
            if !waiting, failure == .wouldBlock { return false }
            throw failure
        }
        return true
    }
}

extension FileSystem {
    /// `readlink`: the text of the symbolic link at `path`, as written (relative or absolute); nil when `path` is not a
    /// link, or cannot be read. The path's bytes go to the system as they are, in a buffer on the stack: this runs at
    /// every open, lock and watcher event, and making a `FilePath` of the path each time (which checks and normalizes
    /// it character by character) cost more than the call.
    static func linkDestination(of path: String) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
            let count = path.withCString { readlink($0, buffer.baseAddress!, buffer.count - 1) }
            guard count >= 0 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
        }
    }

    /// `realpath`: the canonical path of the existing entry at `path` (every link and `..` resolved), or nil.
    static func realPath(of path: String) -> String? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

// The C library's functions under names that no member above shadows.
private func systemRename(_ source: UnsafePointer<CChar>, _ target: UnsafePointer<CChar>) -> Int32 {
    rename(source, target)
}
private func systemLink(_ source: UnsafePointer<CChar>, _ target: UnsafePointer<CChar>) -> Int32 {
    link(source, target)
}
private func systemUnlink(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }
