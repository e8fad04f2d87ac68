import Foundation
import SystemPackage

@testable import Prefs

/// A step of the file store's write protocol where a fault can be injected.
enum WriteStep: String, CaseIterable, Sendable {
    /// Creating the temporary file.
    case open
    /// Writing the new contents into it.
    case write
    /// Giving it the file's mode.
    case setPermissions
    /// Its `fsync`.
    case fsync
    /// Closing it.
    case close
    /// Renaming it over the file.
    case rename
    /// Opening the folder, to `fsync` it.
    case folderOpen
    /// The folder's `fsync`, after the rename.
    case folderFsync
}

/// The errors of a full or failing disk.
let diskErrors: [(name: String, errno: Errno)] = [
    ("ENOSPC", .noSpace), ("EDQUOT", .diskQuotaExceeded), ("EIO", .ioError), ("EROFS", .readOnlyFileSystem),
]

/// Faults to inject into a store's system calls: a step fails with an error until the fault is cleared, as a full
/// disk stays full until space is freed. Counts the faults it injected.
final class FaultPlan: @unchecked Sendable {
    private let lock = NSLock()
    private var fault: (step: WriteStep, errno: Errno)?
    private var folders: Set<Int32> = []
    private var injected = 0

    /// Makes `step` fail with `errno` from now on.
    func fail(_ step: WriteStep, with errno: Errno) { lock.withLock { fault = (step, errno) } }

    /// Lets every call succeed again ("space returns").
    func clear() { lock.withLock { fault = nil } }

    /// How many calls failed on purpose.
    var injectedCount: Int { lock.withLock { injected } }

    /// Throws the fault's error when it is for `step`.
    func check(_ step: WriteStep) throws(Errno) {
        let failure = lock.withLock { () -> Errno? in
            guard let fault, fault.step == step else { return nil }
            injected += 1
            return fault.errno
        }
        if let failure { throw failure }
    }

    func opened(_ descriptor: FileDescriptor, folder: Bool) {
        lock.withLock {
            if folder {
                folders.insert(descriptor.rawValue)
            } else {
                folders.remove(descriptor.rawValue)
            }
        }
    }

    func isFolder(_ descriptor: FileDescriptor) -> Bool { lock.withLock { folders.contains(descriptor.rawValue) } }

    /// The system's calls, with this plan's faults injected at the steps of a write.
    var systemCalls: SystemCalls {
        let real = SystemCalls.system
        var calls = real
        calls.open = { [self] path, mode in
            if case .createNew = mode { try check(.open) }
            if mode == .folder { try check(.folderOpen) }
            let descriptor = try real.open(path, mode)
            opened(descriptor, folder: mode == .folder)
            return descriptor
        }
        calls.write = { [self] descriptor, bytes in
            try check(.write)
            return try real.write(descriptor, bytes)
        }
        calls.setPermissions = { [self] descriptor, permissions in
            try check(.setPermissions)
            try real.setPermissions(descriptor, permissions)
        }
        calls.synchronize = { [self] descriptor in
            try check(isFolder(descriptor) ? .folderFsync : .fsync)
            try real.synchronize(descriptor)
        }
        calls.close = { [self] descriptor in
            let folder = isFolder(descriptor)
            try real.close(descriptor)  // the descriptor is gone either way, as close(2) says
            if !folder { try check(.close) }
        }
        calls.rename = { [self] source, destination in
            try check(.rename)
            try real.rename(source, destination)
        }
        return calls
    }
}
