public import CoreMetrics
public import Foundation
public import PostgresNIO

extension PostgresPreferenceStore {
    /// Where a store connects, which namespace it holds, and how patiently it waits and retries.
    ///
    /// ```swift
    /// let configuration = PostgresPreferenceStore.Configuration(
    ///     connection: .init(host: "db.internal", username: "app", password: secret, database: "app",
    ///                       tls: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))),
    ///     namespace: "billing-service"
    /// )
    /// ```
    ///
    /// The credentials are used to connect and nothing else: the store never logs them or puts them
    /// into an error.
    public struct Configuration: Sendable {
        /// The server, the credentials, TLS and connection options, as postgres-nio takes them.
        /// Use `options.additionalStartupParameters` for `application_name` or `search_path`.
        public var connection: PostgresConnection.Configuration
        /// The name that separates one app's (or one tenant's) settings from the others' in the
        /// shared tables. Any text of 1 to 200 UTF-8 bytes without NUL characters; it is data, never SQL.
        public var namespace: String
        /// Whether the store creates its tables and triggers when they are missing (default: true).
        /// When false, a missing schema is an error at start; run ``PostgresPreferenceStore/schemaSQL``
        /// as the tables' owner instead.
        public var createsSchema = true
        /// How long `flush()` waits for queued writes to be committed before it throws (default: 5 s).
        /// The writes stay queued and are retried after it throws.
        public var flushTimeout: Duration = .seconds(5)
        /// How long one statement may wait for the server (default: 30 s); a connection whose statement
        /// times out is closed and made again.
        public var operationTimeout: Duration = .seconds(30)
        /// How often the store reads changes on its listening connection even without a notification
        /// (default: 10 s). A connection that silently stopped working (a network partition, a hung
        /// server) is noticed within this interval and ``operationTimeout``, then made again.
        public var healthCheckInterval: Duration = .seconds(10)
        /// The first delay before a failed connection or write is retried; it doubles with every
        /// failure, up to ``maximumRetryDelay`` (default: 50 ms).
        public var retryDelay: Duration = .milliseconds(50)
        /// The longest delay between retries (default: 2 s).
        public var maximumRetryDelay: Duration = .seconds(2)
        /// How many database sessions the store holds (default: ``Sessions-swift.enum/one``, which the fault suite
        /// runs in as well as in ``Sessions-swift.enum/two``).
        public var sessions: Sessions = .one
        /// Whether the store registers its namespace when the database has no row for it yet (default: true).
        /// When false, a namespace nobody has written to is an error at start, of kind `namespaceNotFound`: for
        /// tools that must not create what they only read.
        public var createsNamespace = true
        /// Whether the stores of this process that hold the same namespace on the same server, database and role
        /// share one listening session (default: false: each store listens on a session of its own). The process
        /// then reads each notification once and hands it to every such store; each store keeps one session of its
        /// own for writes, transactions and reads (``sessions`` is not used), so N stores in a process hold N + 1
        /// sessions.
        public var sharesListener = false
        /// The last-known-good copy of the namespace on local disk, which lets the store start while PostgreSQL cannot
        /// be reached (default: nil, no copy: a start without the database then fails with `unreachable`). See
        /// ``PostgresPreferenceStore/OfflineCopy``.
        public var offlineCopy: OfflineCopy?
        /// The name of this instance in log metadata (`prefs.instance`) and in the metrics' `instance` dimension
        /// (default: the host name and the process id, `web-3:4711`).
        public var instanceName = Self.defaultInstanceName
        /// Where the store's metrics go (default: nil, the factory the process bootstrapped with
        /// `MetricsSystem.bootstrap`, which discards them until one is bootstrapped).
        public var metricsFactory: (any MetricsFactory)?

        /// Who the store connects as, and where, for messages: never the password.
        /// For example `role 'app' at db.internal:5432, database 'app'`.
        public var serverDescription: String {
            let server =
                connection.host.map { "\($0):\(connection.port ?? 5432)" } ?? connection.unixSocketPath ?? "a channel"
            return
                "role '\(connection.username)' at \(server), database '\(connection.database ?? connection.username)'"
        }

        /// How many database sessions a store holds: what a fleet costs in connections.
        public enum Sessions: Sendable, Equatable {
            /// One session listens, reads changes, writes and runs transactions: one connection per instance (the
            /// default). Notifications reach an instance only between its statements, so a long
            /// ``PostgresPreferenceStore/transaction(_:)`` delays what it hears until it ends.
            case one
            /// One session listens and reads changes, another writes and runs transactions: two connections per
            /// instance; an instance hears changes while it commits.
            case two
        }

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - connection: The server, the credentials and TLS.
        ///   - namespace: The namespace whose settings the store holds.
        public init(connection: PostgresConnection.Configuration, namespace: String) {
            self.connection = connection
            self.namespace = namespace
        }

        /// Creates a configuration from libpq's environment variables: `PGHOST` (default `localhost`),
        /// `PGPORT` (default 5432), `PGUSER` (required), `PGPASSWORD`, `PGDATABASE`, and `PGSSLMODE`
        /// (`disable`, the default; `prefer`; or `require`, which also verifies the certificate and host name).
        ///
        /// ```swift
        /// let store = try PostgresPreferenceStore(configuration: .init(namespace: "billing"))
        /// ```
        ///
        /// - Parameters:
        ///   - environment: The variables (default: the process environment).
        ///   - namespace: The namespace whose settings the store holds.
        /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration` when `PGUSER` is
        ///   missing or `PGPORT` or `PGSSLMODE` is invalid; an error of NIOSSL when TLS cannot be set up.
        public init(environment: [String: String] = ProcessInfo.processInfo.environment, namespace: String) throws {
            guard let user = environment["PGUSER"], !user.isEmpty else {
                throw PostgresPreferenceStoreError(.invalidConfiguration, "PGUSER is not set")
            }
            let portText = environment["PGPORT"] ?? "5432"
            guard let port = Int(portText), (1...65535).contains(port) else {
                throw PostgresPreferenceStoreError(.invalidConfiguration, "PGPORT '\(portText)' is not a port number")
            }
            let tls: PostgresConnection.Configuration.TLS
            switch environment["PGSSLMODE"] ?? "disable" {
            case "disable": tls = .disable
            case "prefer": tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case "require", "verify-full": tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case let mode:
                throw PostgresPreferenceStoreError(
                    .invalidConfiguration, "PGSSLMODE '\(mode)' is not one of disable, prefer, require")
            }
            self.init(
                connection: PostgresConnection.Configuration(
                    host: environment["PGHOST"] ?? "localhost", port: port, username: user,
                    password: environment["PGPASSWORD"], database: environment["PGDATABASE"], tls: tls),
                namespace: namespace
            )
        }
    }
}

extension Duration {
    /// The same span as NIO's `TimeAmount`.
    var timeAmount: TimeAmount {
        .nanoseconds(nanoseconds)
    }

    /// The span in nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
