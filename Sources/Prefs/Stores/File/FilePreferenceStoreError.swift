/// Why a ``FilePreferenceStore`` could not read or write its file; every case names the path.
public struct FilePreferenceStoreError: Error, CustomStringConvertible {
    /// What was being done.
    public enum Operation: String, Sendable {
        /// Creating the folder that holds the file.
        case createDirectory = "create the folder"
        /// Taking the lock that coordinates processes.
        case lock = "lock"
        /// Reading the file.
        case read = "read"
        /// Writing the new contents to a temporary file.
        case write = "write"
        /// Moving the new contents into place.
        case replace = "replace"
        /// Watching the file for changes.
        case watch = "watch"
        /// Following the symbolic link that the file is: a loop, or a target whose folder does not exist.
        case resolveLink = "follow the symbolic link"
        /// Using a file that does not parse, which the store's ``FilePreferenceStore/CorruptionPolicy/refuse`` policy
        /// leaves as it is.
        case parse = "use"
    }

    /// What was being done.
    public let operation: Operation
    /// The file or folder concerned.
    public let path: String
    /// The system's reason (from `errno`), or a description of the problem.
    public let reason: String
    /// The system's error number (`errno`) when a system call failed: `ENOSPC` for a full disk, `EDQUOT` for a quota
    /// reached, `EIO` for an I/O error, `EROFS` for a file system mounted read-only; nil otherwise.
    public let errorNumber: Int32?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - operation: What was being done.
    ///   - path: The file or folder concerned.
    ///   - reason: The system's reason, or a description of the problem.
    ///   - errorNumber: The system's error number, when a system call failed.
    public init(operation: Operation, path: String, reason: String, errorNumber: Int32? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.errorNumber = errorNumber
    }

    /// A sentence with the operation, the path and the reason.
    public var description: String { "could not \(operation.rawValue) \(path): \(reason)" }
}
