import Foundation
import Logging
import Prefs
import PrefsPostgres
import PrefsTestSupport

extension PreferenceKeys {
    subscript(int name: String) -> Key<Int> { Key(name, default: 0) }
    subscript(string name: String) -> Key<String> { Key(name, default: "") }
    var counter: Key<Int> { Key("counter", default: 0) }
}

/// Instances of one fleet on a fresh namespace of a test server: each a store with its own
/// connections (named by its application name) and a container; all closed when the fleet goes. A fleet with a
/// database of its own (for tests that truncate, drop or restore tables) drops it then.
final class Fleet: @unchecked Sendable {
    let server: PostgresTestServer
    let namespace: String
    let applicationName: String
    /// The fleet's own database, or nil for the server's.
    let database: String?
    private let lock = NSLock()
    private var stores: [PostgresPreferenceStore] = []

    init(server: PostgresTestServer? = nil, namespace: String? = nil, ownDatabase: Bool = false) throws {
        self.server = try server ?? PostgresTestServer.shared()
        let id = UUID().uuidString.prefix(8).lowercased()
        self.namespace = namespace ?? "test-\(id)"
        self.applicationName = "prefs-\(id)"
        if ownDatabase {
            database = "prefs_fleet_\(id)"
            try self.server.sql("CREATE DATABASE \(database!)")
        } else {
            database = nil
        }
    }

    /// Runs SQL in the fleet's database.
    @discardableResult
    func sql(_ statement: String) throws -> String {
        try server.sql(statement, database: database)
    }

    /// The stores' logger: errors only, so that the expected reconnections of fault tests stay quiet.
    static let logger: Logger = {
        var logger = Logger(label: "fleet")
        logger.logLevel = .error
        return logger
    }()

    /// A configuration for this fleet's namespace.
    func configuration(
        _ change: (inout PostgresPreferenceStore.Configuration) -> Void = { _ in }
    )
        -> PostgresPreferenceStore.Configuration
    {
        var configuration = server.configuration(
            namespace: namespace, applicationName: applicationName, database: database)
        change(&configuration)
        return configuration
    }

    /// A new instance's store.
    func store(
        logger: Logger = Fleet.logger,
        _ change: (inout PostgresPreferenceStore.Configuration) -> Void = { _ in }
    ) throws -> PostgresPreferenceStore {
        let store = try PostgresPreferenceStore(configuration: configuration(change), logger: logger)
        lock.withLock { stores.append(store) }
        return store
    }

    /// A new instance: a container on its own store.
    func instance(
        logger: Logger = Fleet.logger,
        _ change: (inout PostgresPreferenceStore.Configuration) -> Void = { _ in }
    ) throws -> (prefs: Preferences, store: PostgresPreferenceStore) {
        let store = try store(logger: logger, change)
        return (Preferences(store: store), store)
    }

    /// Ends every session of this fleet's stores with `pg_terminate_backend`; returns how many.
    @discardableResult
    func terminateSessions() throws -> Int {
        try server.terminateSessions(of: applicationName)
    }

    /// Closes every store of the fleet (and drops its own database).
    func close() {
        for store in lock.withLock({ stores }) { store.close() }
        if let database { _ = try? server.sql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }
    }

    deinit { close() }
}
