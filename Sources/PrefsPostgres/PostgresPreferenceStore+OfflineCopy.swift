public import Foundation

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

extension PostgresPreferenceStore {
    /// A last-known-good copy of a namespace on local disk: what an instance serves when it starts while PostgreSQL
    /// cannot be reached, and where the writes it makes meanwhile wait for the database.
    ///
    /// ```swift
    /// var configuration = try PostgresPreferenceStore.Configuration(url: databaseURL, namespace: "billing")
    /// configuration.offlineCopy = .init(url: stateDirectory.appendingPathComponent("billing-settings.json"))
    /// let store = try PostgresPreferenceStore(configuration: configuration)   // starts even while the database is down
    /// ```
    ///
    /// - **The file** is private (mode 0600, its folder created with 0700) and replaced atomically and durably like
    ///   the file store's (a temporary file, `fsync`, `rename`, `fsync` of the folder). It holds the namespace's values
    ///   with their versions, the version the instance had caught up to, what identifies the database, and the writes
    ///   not committed yet. Give each instance a file of its own.
    /// - **When it is written**: after changes (applied from the database or written by the instance), at most once
    ///   per ``interval`` (default 1 s), off the threads that apply changes; at once by `flush()` while writes wait,
    ///   and by `close()`.
    /// - **At start**: the store loads the copy first. When PostgreSQL can be reached, it catches up from the copy's
    ///   version (or reads the namespace whole after a gap, see <doc:SharingSettingsAcrossAFleet>); when it cannot
    ///   (refused, timed out: kind `unreachable`; any other error still fails the start), the store starts offline and
    ///   reads answer the copy (or, without a file yet, nothing: every key reads its default), while it keeps
    ///   trying to connect with backoff. ``PostgresPreferenceStore/connectionState`` says which.
    /// - **Writes while offline** are accepted as during any outage: in memory at once, seen by this instance's
    ///   observers, queued for the database with their reasons; with the copy, they are also kept in it, so that a
    ///   restart during the outage loses none. They are committed once the database is back, each key's latest value
    ///   over what the database holds then (the usual per-key merge: the last writer wins). `flush()` throws
    ///   `notCommitted` while they wait (after saving them in the copy). Transactions (`update`, `transaction`) need
    ///   the namespace's lock in the database and fail with `unreachable`.
    /// - **A damaged copy** is moved aside (`<name>.corrupt-<timestamp>`) and reported; the store starts without it.
    ///   A copy of another namespace is an error at start (`invalidConfiguration`), and is left as it is.
    public struct OfflineCopy: Sendable, Equatable {
        /// The file.
        public var url: URL
        /// The shortest time between two writes of the file (default: 1 s).
        public var interval: Duration

        /// A copy in `url`.
        ///
        /// - Parameters:
        ///   - url: The file; its folder is created when missing.
        ///   - interval: The shortest time between two writes of the file.
        public init(url: URL, interval: Duration = .seconds(1)) {
            self.url = url
            self.interval = interval
        }
    }
}

extension PostgresPreferenceStore.Configuration {
    /// The host name and the process id, `web-3:4711`.
    static var defaultInstanceName: String {
        var name = [CChar](repeating: 0, count: 256)
        let host =
            gethostname(&name, name.count) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
        return "\(host):\(getpid())"
    }
}
