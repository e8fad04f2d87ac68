/// Why a ``PostgresPreferenceStore`` could not start, write, flush or run a transaction.
///
/// Every error names what it was doing and the server's reason (its SQLSTATE code and message when
/// the server gave one). None contains a password: the store never puts credentials into errors or logs.
///
/// ```swift
/// do {
///     let store = try PostgresPreferenceStore(configuration: configuration)
/// } catch let error as PostgresPreferenceStoreError where error.kind == .authenticationFailed {
///     print(error)  // "could not start: the server refused the credentials of role 'app' (28P01: …)"
/// }
/// ```
public struct PostgresPreferenceStoreError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for code that handles some errors differently.
    public enum Kind: String, Sendable {
        /// The server could not be reached (refused, timed out, closed the connection).
        case unreachable
        /// The server refused the user name or password.
        case authenticationFailed
        /// The database named in the configuration does not exist.
        case databaseNotFound
        /// The role lacks a privilege the store needs.
        case permissionDenied
        /// The tables are missing and the store was told not to create them.
        case schemaMissing
        /// The namespace has no row in the database and the store was told not to create it
        /// (``PostgresPreferenceStore/Configuration/createsNamespace``).
        case namespaceNotFound
        /// Writes queued before a `flush()` were not committed before its deadline; they stay queued
        /// and are retried.
        case notCommitted
        /// A transaction could not be run or committed; nothing of it was written.
        case transactionFailed
        /// A key or value cannot be stored in PostgreSQL (a NUL character, a key name too long).
        case unstorableValue
        /// The configuration is incomplete or invalid: an empty namespace, a missing user name, a
        /// port that is not a number.
        case invalidConfiguration
        /// A version of a key that its history does not hold: purged by the retention setting, or never one of
        /// its versions (the message says which). Nothing was written.
        case versionNotFound
        /// The store was closed.
        case closed
        /// A blocking call was made on the store's own event loop, where it would deadlock.
        case calledOnEventLoop
        /// Any other server error.
        case server
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence saying what the store was doing and why it failed.
    public let message: String
    /// The server's SQLSTATE code, when the server reported the error.
    public let sqlState: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: A sentence saying what the store was doing and why it failed.
    ///   - sqlState: The server's SQLSTATE code, when the server reported the error.
    public init(_ kind: Kind, _ message: String, sqlState: String? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
    }

    /// The message.
    public var description: String { message }
}
