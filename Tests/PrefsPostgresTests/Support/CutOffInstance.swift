import Foundation
import Logging
import PostgresNIO
import Prefs
import PrefsPostgres
import PrefsTestSupport

/// An instance of a fleet that connects as a role of its own, so that a test can cut it off from the database
/// (`NOLOGIN`, its sessions ended) while other instances keep writing, and let it back in.
final class CutOffInstance: @unchecked Sendable {
    let fleet: Fleet
    let role: String
    let password = UUID().uuidString
    let applicationName: String
    private(set) var prefs: Preferences!
    private(set) var store: PostgresPreferenceStore!

    /// Creates the role, grants it the tables of the fleet's database (they must exist), and starts the instance.
    init(
        fleet: Fleet,
        logger: Logger = Fleet.logger,
        _ change: (inout PostgresPreferenceStore.Configuration) -> Void = { _ in }
    ) throws {
        self.fleet = fleet
        let id = UUID().uuidString.prefix(8).lowercased()
        role = "prefs_cut_\(id)"
        applicationName = fleet.applicationName + "-cut-\(id)"
        try fleet.server.sql("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'")
        try grant()
        let store = try fleet.store(logger: logger) { configuration in
            configuration.connection.username = role
            configuration.connection.password = password
            configuration.connection.options.additionalStartupParameters = [("application_name", applicationName)]
            configuration.flushTimeout = .seconds(deadlineScale)
            change(&configuration)
        }
        self.store = store
        prefs = Preferences(store: store)
    }

    /// Grants the role what the store needs on the tables of its database (again, after they were created anew).
    func grant() throws {
        try fleet.sql(
            "GRANT SELECT, INSERT, UPDATE ON prefs_values, prefs_namespaces TO \(role); "
                + "GRANT SELECT ON prefs_history TO \(role)")
    }

    /// Refuses the role's logins and ends its sessions; returns how many were ended.
    @discardableResult
    func cutOff() throws -> Int {
        try fleet.server.sql("ALTER ROLE \(role) NOLOGIN")
        return try fleet.server.terminateSessions(of: applicationName)
    }

    /// Accepts the role's logins again: the store reconnects and catches up.
    func letBackIn() throws {
        try fleet.server.sql("ALTER ROLE \(role) LOGIN")
    }

    /// Closes the store and drops the role.
    func close() {
        store?.close()
        if fleet.database != nil { _ = try? fleet.sql("DROP OWNED BY \(role)") }
        _ = try? fleet.server.sql("DROP OWNED BY \(role); DROP ROLE \(role)")
    }
}
