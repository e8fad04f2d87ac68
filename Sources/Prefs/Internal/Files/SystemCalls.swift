internal import SystemPackage

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The POSIX calls the file store needs that swift-system (FileDescriptor, FilePath, Errno) does not offer, in its
// shape: each throws the `Errno` it failed with. Everything else goes through swift-system.

extension Errno {
    /// The calling thread's `errno`, as swift-system's type.
    static var ofLastCall: Errno { Errno(rawValue: errno) }
}

extension FileDescriptor {
    /// `fsync`: returns when the file's data and metadata are on the device.
    func synchronize() throws(Errno) {
        guard fsync(rawValue) == 0 else { throw .ofLastCall }
    }

    /// `fchmod`: sets the file's permission bits.
    func setPermissions(_ permissions: FilePermissions) throws(Errno) {
        guard fchmod(rawValue, permissions.rawValue) == 0 else { throw .ofLastCall }
    }

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

extension FilePath {
    /// `rename`: moves this entry over `destination`, atomically, in one file system.
    func rename(over destination: FilePath) throws(Errno) {
        let status = withPlatformString { source in
            destination.withPlatformString { target in systemRename(source, target) }
        }
        guard status == 0 else { throw .ofLastCall }
    }

    /// `link`: a second name, `name`, for this file; never replaces an existing `name`.
    func link(as name: FilePath) throws(Errno) {
        let status = withPlatformString { source in name.withPlatformString { target in systemLink(source, target) } }
        guard status == 0 else { throw .ofLastCall }
    }

    /// `unlink`: removes this name.
    func unlink() throws(Errno) {
        guard withPlatformString({ systemUnlink($0) }) == 0 else { throw .ofLastCall }
    }

    /// `readlink`: the text of this symbolic link, as written (relative or absolute).
    func linkDestination() throws(Errno) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = withPlatformString { readlink($0, &buffer, buffer.count - 1) }
        guard count >= 0 else { throw .ofLastCall }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `realpath`: the canonical path of this existing entry (every link and `..` resolved), or nil.
    func realPath() -> String? {
        guard let resolved = withPlatformString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

// The C library's functions under names that no method above shadows.
private func systemRename(_ source: UnsafePointer<CChar>, _ target: UnsafePointer<CChar>) -> Int32 {
    rename(source, target)
}
private func systemLink(_ source: UnsafePointer<CChar>, _ target: UnsafePointer<CChar>) -> Int32 {
    link(source, target)
}
private func systemUnlink(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }
