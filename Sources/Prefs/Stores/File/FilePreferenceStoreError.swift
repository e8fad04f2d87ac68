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
    }

    /// What was being done.
    public let operation: Operation
    /// The file or folder concerned.
    public let path: String
    /// The system's reason (from `errno`), or a description of the problem.
    public let reason: String

    /// A sentence with the operation, the path and the reason.
    public var description: String { "could not \(operation.rawValue) \(path): \(reason)" }
}
