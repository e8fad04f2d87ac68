package import Foundation
internal import SystemPackage

#if canImport(Darwin)
internal import Darwin  // `stat`'s fields
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// The file store's file operations, with errors that name the path: reads, the durable replace
/// (`FileSystem+Replace.swift`), folders, and links (`FileSystem+Links.swift`). Every call that reads or changes a
/// file goes through ``calls``, the real system calls unless a test gives others; `stat` (`FileSystem+Status.swift`)
/// and the following of links go to the system directly.
package struct FileSystem: Sendable {
    /// What identifies one version of a file: a write-and-rename gives a new inode, an edit in place
    /// a new size or modification time.
    package struct Identity: Equatable, Sendable {
        let device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64
    }

    /// The system calls.
    let calls: SystemCalls

    /// The operating system's file system.
    package static let system = FileSystem(calls: .system)

    /// The error for `operation` on `path` that failed with `failure`.
    static func error(
        _ operation: FilePreferenceStoreError.Operation, _ path: String, _ failure: Errno
    ) -> FilePreferenceStoreError {
        FilePreferenceStoreError(
            operation: operation, path: path, reason: failure.description, errorNumber: failure.rawValue)
    }

    /// The error for `operation` on `path` that failed with `failure`, an `Errno` as the system calls throw.
    static func error(
        _ operation: FilePreferenceStoreError.Operation, _ path: String, _ failure: any Error
    ) -> FilePreferenceStoreError {
        error(operation, path, Errno(failure))
    }

    /// The error for `operation` on `path` that failed with the calling thread's `errno`.
    static func error(_ operation: FilePreferenceStoreError.Operation, _ path: String) -> FilePreferenceStoreError {
        error(operation, path, .ofLastCall)
    }

    /// The identity of the file at `path`, or nil when it does not exist.
    static func identity(_ path: String) -> Identity? { status(ofPath: path).map(identity(of:)) }

    /// The file's bytes and identity, or nil when it does not exist (a dangling link included).
    package func read(_ path: String) throws -> (Data, Identity)? {
        try readBytes(path).map { (Data($0), $1) }
    }

    /// The file's bytes and identity, or nil when it does not exist (a dangling link included). The bytes are read
    /// into one buffer of the size the file has when it is opened (a file that grows meanwhile is read to its end).
    package func readBytes(_ path: String) throws -> ([UInt8], Identity)? {
        let descriptor: FileDescriptor
        do {
            descriptor = try calls.open(path, .read)
        } catch Errno.noSuchFileOrDirectory {
            return nil
        } catch {
            throw Self.openError(.read, path, Errno(error))
        }
        defer { try? calls.close(descriptor) }
        do {
            guard let status = Self.status(of: descriptor) else { throw Errno.ofLastCall }
            // One byte more than the file holds, so that the read that finds its end needs no room of its own.
            var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
            var filled = 0
            while true {
                if filled == bytes.count { bytes += repeatElement(0, count: max(bytes.count, 64 * 1024)) }
                let count = try bytes.withUnsafeMutableBytes { buffer in
                    try calls.read(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                }
                if count == 0 { break }
                filled += count
            }
            bytes.removeSubrange(filled...)
            return (bytes, Self.identity(of: status))
        } catch {
            throw Self.error(.read, path, Errno(error))
        }
    }

    /// Creates a folder and the folders above it that are missing (mode 0700), each made durable in its parent: a
    /// folder whose entry is not yet on the device would take the file written into it with it in a power cut.
    ///
    /// - Throws: A ``FilePreferenceStoreError`` of operation `createDirectory`.
    func createDirectory(_ path: String) throws {
        var missing: [String] = []
        var folder = FilePath(path)
        // `stat` first: a folder that exists (every open but the first) ends the loop before the path is parsed.
        while Self.status(ofPath: folder.string) == nil, !folder.isEmpty, folder != folder.removingLastComponent() {
            missing.append(folder.string)
            folder = folder.removingLastComponent()
        }
        for created in missing.reversed() {
            do {
                try calls.makeDirectory(created, .ownerReadWriteExecute)
            } catch Errno.fileExists {
                continue  // another process made it meanwhile
            } catch {
                throw Self.error(.createDirectory, created, error)
            }
            try synchronizeDirectory(FilePath(created).removingLastComponent().string, for: .createDirectory)
        }
    }

    /// Makes the entries of `directory` durable: a rename, a creation, a removal in it.
    ///
    /// - Throws: A ``FilePreferenceStoreError`` of `operation`.
    func synchronizeDirectory(_ directory: String, for operation: FilePreferenceStoreError.Operation) throws {
        do {
            let descriptor = try calls.open(directory, .folder)
            defer { try? calls.close(descriptor) }
            try calls.synchronize(descriptor)
        } catch {
            throw Self.error(operation, directory, error)
        }
    }
}
