internal import SystemPackage

#if canImport(Darwin)
internal import Darwin
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// `stat` and `fstat`, called directly: swift-system's `Stat` returns a `Result<stat, Errno>`, whose first use makes
/// the runtime search every loaded conformance for `Errno: Error` (about 2 % of a 1,000-key launch, at the open).
extension FileSystem {
    /// The status of the entry at `path` (links followed); nil, with `errno` set, when it cannot be had.
    static func status(ofPath path: String) -> stat? {
        var status = stat()
        return path.withCString { systemStat($0, &status) } == 0 ? status : nil
    }

    /// The status of an open file; nil, with `errno` set, when it cannot be had.
    static func status(of descriptor: FileDescriptor) -> stat? {
        var status = stat()
        return fstat(descriptor.rawValue, &status) == 0 ? status : nil
    }

    /// The permissions of the entry at `path`; nil when it cannot be had.
    static func permissions(ofPath path: String) -> FilePermissions? {
        status(ofPath: path).map { FilePermissions(rawValue: .init(truncatingIfNeeded: $0.st_mode & 0o7777)) }
    }

    /// The identity of the file a status describes.
    static func identity(of status: stat) -> Identity {
        #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        return Identity(
            device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino),
            size: Int64(status.st_size), modified: nanoseconds(modified), changed: nanoseconds(changed))
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// The C library's `stat`, under a name that no `stat` member shadows.
private func systemStat(_ path: UnsafePointer<CChar>, _ status: UnsafeMutablePointer<stat>) -> Int32 {
    stat(path, status)
}
