internal import Foundation
internal import SystemPackage

#if canImport(Darwin)
internal import Darwin  // `timespec`'s fields, as swift-system's `Stat` hands them out
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// The few POSIX calls the file store needs, with errors that name the path: through swift-system's `FileDescriptor`,
/// `FilePath` and `Errno`, and `SystemCalls.swift` for those it does not offer.
enum FileSystem {
    /// What identifies one version of a file: a write-and-rename gives a new inode, an edit in place
    /// a new size or modification time.
    struct Identity: Equatable, Sendable {
        let device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64
    }

    /// The error for `operation` on `path` that failed with `failure`.
    static func error(
        _ operation: FilePreferenceStoreError.Operation, _ path: String, _ failure: Errno
    ) -> FilePreferenceStoreError {
        FilePreferenceStoreError(operation: operation, path: path, reason: failure.description)
    }

    /// The error for `operation` on `path` that failed with the calling thread's `errno`.
    static func error(_ operation: FilePreferenceStoreError.Operation, _ path: String) -> FilePreferenceStoreError {
        error(operation, path, .ofLastCall)
    }

    static func identity(of status: Stat) -> Identity {
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        let changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        return Identity(
            device: UInt64(truncatingIfNeeded: status.deviceID.rawValue),
            inode: UInt64(truncatingIfNeeded: status.inode.rawValue), size: status.size, modified: modified,
            changed: changed
        )
    }

    /// The file's bytes and identity, or nil when it does not exist (a dangling link included).
    static func read(_ path: String) throws -> (Data, Identity)? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
        } catch Errno.noSuchFileOrDirectory {
            return nil
        } catch let failure as Errno {
            throw openError(.read, path, failure)
        }
        return try descriptor.closeAfter {
            do {
                let status = try descriptor.stat()
                var data = Data()
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }  // retries EINTR
                    if count == 0 { break }
                    data.append(contentsOf: buffer[0..<count])
                }
                return (data, identity(of: status))
            } catch let failure as Errno {
                throw error(.read, path, failure)
            }
        }
    }

    /// The identity of the file at `path`, or nil when it does not exist.
    static func identity(_ path: String) -> Identity? {
        (try? FilePath(path).stat()).map(identity(of:))
    }

    /// Replaces the file atomically and durably: a temporary file in the same folder, `fsync`,
    /// `rename` over the old file, `fsync` of the folder. New files get mode 0600; an existing
    /// file's mode is kept. On failure the old file is untouched and the temporary file removed.
    /// A symbolic link is written through: its target is replaced, beside it, and the link stays.
    static func replace(_ linkOrFile: String, with data: Data) throws -> Identity {
        let path = try writableTarget(of: linkOrFile)
        let file = FilePath(path)
        let directory = file.removingLastComponent()
        let process = ProcessInfo.processInfo.processIdentifier
        let temporary = directory.appending(
            ".\(file.lastComponent?.string ?? "").\(process).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let permissions = (try? file.stat().permissions) ?? .ownerReadWrite
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                temporary, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                permissions: .ownerReadWrite)
        } catch let failure as Errno {
            throw error(.write, directory.string, failure)
        }
        do {
            try descriptor.closeAfter {
                try descriptor.writeAll(data)  // retries EINTR and short writes
                try descriptor.setPermissions(permissions)
                try descriptor.synchronize()
            }
        } catch let failure as Errno {
            try? temporary.unlink()
            throw error(.write, temporary.string, failure)
        }
        do {
            try temporary.rename(over: file)
        } catch {
            try? temporary.unlink()
            throw Self.error(.replace, path, error)
        }
        syncDirectory(directory.string)
        do {
            return identity(of: try file.stat())
        } catch {
            throw Self.error(.replace, path, error)
        }
    }

    /// Makes a rename in `directory` durable.
    static func syncDirectory(_ directory: String) {
        guard let descriptor = try? FileDescriptor.open(FilePath(directory), .readOnly, options: .closeOnExec) else {
            return
        }
        _ = try? descriptor.closeAfter { try descriptor.synchronize() }
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
        do {
            try FilePath(path).link(as: FilePath(target))  // a link never replaces an existing name
        } catch {
            throw Self.error(.replace, target, error)
        }
        do {
            try FilePath(path).unlink()
        } catch {
            throw Self.error(.replace, path, error)
        }
        syncDirectory(folder(of: path))
        return target
    }
}
