internal import Logging
internal import Prefs
internal import PrefsCommand
internal import PrefsPostgres

/// A namespace in PostgreSQL (`--postgres URL --namespace NS`), read and written through `PostgresPreferenceStore`,
/// so that running instances see every change live. The tool never creates the tables, and creates a namespace only
/// for `set` and `import`, as it creates a file only for them.
final class PostgresNamespace: PreferenceLocation {
    let configuration: PostgresPreferenceStore.Configuration
    private var store: PostgresPreferenceStore?

    /// The namespace `namespace` on the server of `url`, with libpq's variables for what the URL leaves out.
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration`, without the URL or a password.
    init(url: String, namespace: String, environment: [String: String]) throws {
        var environment = environment
        if environment["PGAPPNAME"]?.isEmpty ?? true { environment["PGAPPNAME"] = "prefs" }  // for the history
        var configuration = try PostgresPreferenceStore.Configuration(
            url: url, namespace: namespace, environment: environment)
        configuration.createsSchema = false
        configuration.sessions = .one
        self.configuration = configuration
    }

    var name: String { "namespace '\(configuration.namespace)' (\(configuration.serverDescription))" }

    func read() throws -> [String: PreferenceValue] {
        values(of: try open(creatingNamespace: false))
    }

    func readIfPresent() throws -> [String: PreferenceValue]? {
        do {
            return try read()
        } catch let error as PostgresPreferenceStoreError where error.kind == .namespaceNotFound {
            return nil
        }
    }

    func openStore(watching: Bool, lockTimeout: Duration) throws -> any PreferenceStore {
        try open(creatingNamespace: true)
    }

    /// Refuses what PostgreSQL cannot hold before ``openStore(watching:lockTimeout:)`` creates the namespace.
    func checkStorable(_ changes: PreferenceStoreWrites) throws {
        try PostgresPreferenceStore.checkStorable(changes)
    }

    /// The namespace's store, connected once for the command.
    ///
    /// - Parameter creatingNamespace: Whether a namespace with no row is created rather than an error.
    /// - Returns: The store.
    /// - Throws: ``PostgresPreferenceStoreError``.
    func open(creatingNamespace: Bool) throws -> PostgresPreferenceStore {
        if let store { return store }
        var configuration = self.configuration
        configuration.createsNamespace = creatingNamespace
        var logger = Logger(label: "prefs")
        logger.logLevel = .warning
        let opened = try PostgresPreferenceStore(configuration: configuration, logger: logger)
        store = opened
        return opened
    }

    private func values(of store: PostgresPreferenceStore) -> [String: PreferenceValue] {
        Dictionary(uniqueKeysWithValues: store.keys().compactMap { key in store.value(forKey: key).map { (key, $0) } })
    }
}
