internal import Foundation

#if canImport(Darwin)
import Darwin
/// The C library's file status, named by its module: Darwin's fields have other widths than Glibc's.
typealias FileStatus = Darwin.stat
#elseif canImport(Glibc)
import Glibc
typealias FileStatus = Glibc.stat
#elseif canImport(Musl)
import Musl
typealias FileStatus = Musl.stat
#endif

/// The few POSIX calls the file store needs, with errors that name the path.
enum FileSystem {
    /// What identifies one version of a file: a write-and-rename gives a new inode, an edit in place
    /// a new size or modification time.
    struct Identity: Equatable, Sendable {
        let device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64
    }

    static func error(_ operation: FilePreferenceStoreError.Operation, _ path: String) -> FilePreferenceStoreError {
        FilePreferenceStoreError(operation: operation, path: path, reason: String(cString: strerror(errno)))
    }

    static func identity(of status: FileStatus) -> Identity {
        #if canImport(Darwin)
        let modified = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        let changed = Int64(status.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(status.st_ctimespec.tv_nsec)
        #else
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        let changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        #endif
        return Identity(
            device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(status.st_ino),
            size: Int64(status.st_size), modified: modified, changed: changed
        )
    }

    /// The file's bytes and identity, or nil when it does not exist (a dangling link included).
    static func read(_ path: String) throws -> (Data, Identity)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw openError(.read, path)
        }
        defer { close(descriptor) }
        var status = FileStatus()
        guard fstat(descriptor, &status) == 0 else { throw error(.read, path) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(.read, path)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return (data, identity(of: status))
    }

    /// The identity of the file at `path`, or nil when it does not exist.
    static func identity(_ path: String) -> Identity? {
        var status = FileStatus()
        return stat(path, &status) == 0 ? identity(of: status) : nil
    }

    /// Replaces the file atomically and durably: a temporary file in the same folder, `fsync`,
    /// `rename` over the old file, `fsync` of the folder. New files get mode 0600; an existing
    /// file's mode is kept. On failure the old file is untouched and the temporary file removed.
    /// A symbolic link is written through: its target is replaced, beside it, and the link stays.
    static func replace(_ linkOrFile: String, with data: Data) throws -> Identity {
        let path = try writableTarget(of: linkOrFile)
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        var existing = FileStatus()
        let mode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o600
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw error(.write, directory) }
        var written = false
        defer {
            if !written { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if count < 0 {
                        if errno == EINTR { continue }
                        throw error(.write, temporary)
                    }
                    offset += count
                }
            }
            guard fchmod(descriptor, mode) == 0 else { throw error(.write, temporary) }
            guard fsync(descriptor) == 0 else { throw error(.write, temporary) }
        }
        guard rename(temporary, path) == 0 else { throw error(.replace, path) }
        written = true
        syncDirectory(directory)
        guard let identity = identity(path) else { throw error(.replace, path) }
        return identity
    }

    /// Makes a rename in `directory` durable.
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Moves a damaged file aside to `<name>.corrupt-<timestamp>`, never over an existing file; for a symbolic link,
    /// its target, beside the target (the link then dangles until the next write creates the target again).
    static func moveAside(_ linkOrFile: String) throws -> String {
        let path = try target(of: linkOrFile)
        let stamp = Date().formatted(
            .iso8601.year().month().day().dateSeparator(.omitted).time(includingFractionalSeconds: false)
                .timeSeparator(.omitted)
        )
        var target = "\(path).corrupt-\(stamp)"
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = "\(path).corrupt-\(stamp)-\(attempt)"
        }
        guard link(path, target) == 0 else { throw error(.replace, target) }  // link never overwrites
        guard unlink(path) == 0 else { throw error(.replace, path) }
        syncDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        return target
    }
}

#if canImport(Darwin)
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Darwin.read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Darwin.write(fd, buffer, count)
}
#else
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.write(fd, buffer, count)
}
#endif
