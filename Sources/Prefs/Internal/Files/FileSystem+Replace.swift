package import Foundation
internal import SystemPackage

/// The durable replace of a preferences file, and the moving aside of a damaged one.
extension FileSystem {
    /// Replaces the file atomically and durably: a temporary file in the same folder, written, `fsync`ed and renamed
    /// over the file, then an `fsync` of the folder; then the temporary files of writes that never finished are
    /// removed. Call it holding the file's lock. New files get mode 0600; an existing file keeps its mode. A symbolic
    /// link is written through: its target is replaced, beside it, and the link stays.
    ///
    /// On failure the file is what it was: a failure before the rename removes the temporary file; a failure of the
    /// folder's `fsync`, after the rename, puts `previous` back (or removes the file when there was none) the same
    /// way, so that what is on disk is never a version the caller was told failed.
    ///
    /// - Parameters:
    ///   - linkOrFile: The file, or a link to it.
    ///   - data: The new contents.
    ///   - previous: The contents the file holds now, to put back; nil when there is no file. Called only when they
    ///     must be put back.
    /// - Returns: The new file's identity.
    /// - Throws: A ``FilePreferenceStoreError`` naming the step, the path and the system's error.
    package func replace(_ linkOrFile: String, with data: Data, previous: () -> Data?) throws -> Identity {
        let path = try Self.writableTarget(of: linkOrFile)
        do {
            try write(data, over: path)
        } catch let failure as DurabilityFailure {
            let restored = restore(previous(), at: path)
            throw FilePreferenceStoreError(
                operation: .replace, path: failure.directory,
                reason: "\(failure.errno) (the folder's fsync failed after the rename, so the new contents might not "
                    + "survive a power loss; \(restored))",
                errorNumber: failure.errno.rawValue)
        }
        removeUnfinishedWrites(besideFileAt: path)
        guard let status = Self.status(ofPath: path) else { throw Self.error(.replace, path) }
        return Self.identity(of: status)
    }

    /// The folder's `fsync` failed after the rename.
    private struct DurabilityFailure: Error {
        let directory: String
        let errno: Errno
    }

    /// The write protocol: temporary file, `write`, `fchmod`, `fsync`, `close`, `rename`, `fsync` of the folder.
    ///
    /// - Throws: ``DurabilityFailure`` when only the folder's `fsync` failed, a ``FilePreferenceStoreError`` otherwise
    ///   (the file untouched, the temporary file removed).
    private func write(_ data: Data, over path: String) throws {
        let file = FilePath(path)
        let directory = file.removingLastComponent()
        let temporary = directory.appending(
            PreferenceFileLeftover.temporaryName(
                of: file.lastComponent?.string ?? "", pid: ProcessInfo.processInfo.processIdentifier,
                random: UInt32.random(in: 0...UInt32.max))
        ).string
        let permissions = Self.permissions(ofPath: path) ?? .ownerReadWrite
        let descriptor: FileDescriptor
        do {
            descriptor = try calls.open(temporary, .createNew(.ownerReadWrite))
        } catch {
            throw Self.error(.write, directory.string, error)
        }
        do {
            do {
                try writeAll(data, to: descriptor)
                try calls.setPermissions(descriptor, permissions)
                try calls.synchronize(descriptor)
            } catch {
                try? calls.close(descriptor)
                throw error
            }
            try calls.close(descriptor)
        } catch {
            try? calls.unlink(temporary)
            throw Self.error(.write, temporary, error)
        }
        do {
            try calls.rename(temporary, path)
        } catch {
            try? calls.unlink(temporary)
            throw Self.error(.replace, path, error)
        }
        do {
            try synchronizeDirectory(directory.string, for: .replace)
        } catch let failure as FilePreferenceStoreError {
            throw DurabilityFailure(directory: directory.string, errno: Errno(rawValue: failure.errorNumber ?? EIO))
        }
    }

    /// Writes every byte (a short write is continued).
    private func writeAll(_ data: Data, to descriptor: FileDescriptor) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = try calls.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                guard count > 0 else { throw Errno.noSpace }  // a write of nothing: the device takes no more
                offset += count
            }
        }
    }

    /// Puts the previous contents back after a write whose durability failed; says what it did.
    private func restore(_ previous: Data?, at path: String) -> String {
        do {
            if let previous {
                try write(previous, over: path)
            } else {
                try calls.unlink(path)
                try synchronizeDirectory(FilePath(path).removingLastComponent().string, for: .replace)
            }
            return previous == nil ? "the new file was removed" : "the previous contents were put back"
        } catch let failure as DurabilityFailure {
            return (previous == nil ? "the new file was removed" : "the previous contents were put back")
                + ", though the folder's fsync failed again (\(failure.errno))"
        } catch let failure as FilePreferenceStoreError where previous == nil && failure.operation == .replace {
            return "the new file was removed, though the folder's fsync failed again (\(failure.reason))"
        } catch {
            return "putting the previous contents back failed too: \(error)"
        }
    }

    /// Removes the temporary files that writes of the file at `path` left when they never finished (a process killed,
    /// a power cut, between creating the file and renaming it). Call it holding the file's lock: every writer writes
    /// its temporary file under that lock, so no other one is under way. They are never read; this only frees the
    /// space.
    func removeUnfinishedWrites(besideFileAt path: String) {
        let file = FilePath(path)
        let folder = file.removingLastComponent(), name = file.lastComponent?.string ?? ""
        for entry in PreferenceFileLeftover.names(in: folder.string, beginningWith: [".\(name)."])
        where PreferenceFileLeftover.temporaryWriter(of: entry, fileName: name) != nil {
            try? calls.unlink(folder.appending(entry).string)
        }
    }

    /// Moves a damaged file aside to `<name>.corrupt-<timestamp>`, never over an existing file; for a symbolic link,
    /// its target, beside the target (the link then dangles until the next write creates the target again).
    ///
    /// - Returns: The path it was moved to.
    package func moveAside(_ linkOrFile: String) throws -> String {
        let path = try Self.target(of: linkOrFile)
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
            try calls.link(path, target)  // a link never replaces an existing name
        } catch {
            throw Self.error(.replace, target, error)
        }
        do {
            try calls.unlink(path)
        } catch {
            throw Self.error(.replace, path, error)
        }
        try? synchronizeDirectory(Self.folder(of: path), for: .replace)
        return target
    }
}
