import Foundation
import Logging
import PostgresNIO
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// Bad connection settings and missing permissions are clear errors at start, and credentials
/// never appear in an error or a log line.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(2))))
struct StartupErrorTests {
    @Test func aWrongPasswordIsAnAuthenticationErrorThatNamesTheRoleButNotThePassword() throws {
        let fleet = try Fleet()
        let (logger, messages) = CapturingLogHandler.logger()
        let wrongPassword = "not-the-password-\(UUID().uuidString)"
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try fleet.store(logger: logger) { $0.connection.password = wrongPassword }
        }
        #expect(error?.kind == .authenticationFailed)
        #expect(error?.sqlState == "28P01")
        #expect(error?.message.contains("role '\(fleet.server.user)'") == true, "\(String(describing: error))")
        #expect(error?.message.contains("127.0.0.1:\(fleet.server.port)") == true)
        for text in [error.map { "\($0)" } ?? "", error.map { String(reflecting: $0) } ?? "", messages.text] {
            #expect(!text.contains(wrongPassword))
        }
    }

    @Test func theRightPasswordNeverReachesTheLogsEvenAtTraceLevel() throws {
        let fleet = try Fleet()
        let (logger, messages) = CapturingLogHandler.logger()
        let (prefs, store) = try fleet.instance(logger: logger)
        prefs[\.[int: "a"]] = 1
        try prefs.flush()
        _ = try fleet.terminateSessions()
        prefs[\.[int: "a"]] = 2
        #expect(eventually(within: 20, "a flush after the sessions were cut") { (try? prefs.flush()) != nil })
        store.close()
        #expect(!messages.all.isEmpty, "postgres-nio logged at trace level")
        #expect(!messages.text.contains(fleet.server.password))
    }

    @Test func anUnknownDatabaseIsNamed() throws {
        let fleet = try Fleet()
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try fleet.store { $0.connection.database = "no_such_database" }
        }
        #expect(error?.kind == .databaseNotFound)
        #expect(error?.message.contains("no_such_database") == true)
    }

    @Test func aServerThatIsNotThereIsUnreachableAtOnce() throws {
        let fleet = try Fleet()
        let closedPort = try Self.closedPort(near: fleet.server.port)
        // A start that retried the refused connection until its timeout would outlast the suite's time limit.
        var configuration = fleet.server.configuration(namespace: fleet.namespace).withPort(closedPort)
        configuration.operationTimeout = .seconds(3_600)
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try PostgresPreferenceStore(configuration: configuration)
        }
        #expect(error?.kind == .unreachable)
        #expect(error?.message.contains("127.0.0.1:\(closedPort)") == true, "\(String(describing: error))")
    }

    @Test func aRoleWithoutWritePrivilegesIsRefusedAtStartWithTheGrantToRun() throws {
        let fleet = try Fleet()
        _ = try fleet.store()  // the tables exist
        let role = "prefs_reader_\(UUID().uuidString.prefix(8).lowercased())"
        try fleet.server.sql(
            "CREATE ROLE \(role) LOGIN PASSWORD 'reader'; GRANT SELECT ON prefs_values, prefs_namespaces TO \(role)")
        defer { _ = try? fleet.server.sql("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try fleet.store {
                $0.connection.username = role
                $0.connection.password = "reader"
            }
        }
        #expect(error?.kind == .permissionDenied)
        #expect(error?.message.contains("lacks INSERT on prefs_values") == true, "\(String(describing: error))")
        #expect(error?.message.contains("GRANT SELECT, INSERT, UPDATE ON prefs_values, prefs_namespaces") == true)
    }

    @Test func aMissingSchemaIsAnErrorWhenTheStoreMayNotCreateIt() throws {
        let fleet = try Fleet()
        let database = "prefs_empty_\(UUID().uuidString.prefix(8).lowercased())"
        try fleet.server.sql("CREATE DATABASE \(database)")
        defer { _ = try? fleet.server.sql("DROP DATABASE \(database) WITH (FORCE)") }
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try fleet.store {
                $0.connection.database = database
                $0.createsSchema = false
            }
        }
        #expect(error?.kind == .schemaMissing)
        #expect(error?.message.contains("schemaSQL") == true)

        // The documented SQL, run by hand, is the schema the store expects; running it twice is harmless.
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-schema-\(UUID()).sql")
        try PostgresPreferenceStore.schemaSQL.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        for _ in 0..<2 { try fleet.server.sql("\\i \(script.path)", database: database) }
        let store = try fleet.store {
            $0.connection.database = database
            $0.createsSchema = false
        }
        store.close()
    }

    @Test func anEmptyNamespaceIsRefused() throws {
        let server = try PostgresTestServer.shared()
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try PostgresPreferenceStore(configuration: server.configuration(namespace: ""))
        }
        #expect(error?.kind == .invalidConfiguration)
    }

    /// A loopback port nobody listens on: the test server's port plus a few, checked by connecting.
    private static func closedPort(near port: Int) throws -> Int {
        for candidate in (port + 1)...(port + 50) where candidate < 65536 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(candidate).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if result != 0 { return candidate }
        }
        throw PostgresTestServer.ServerError(message: "no closed port near \(port)")
    }
}

extension PostgresPreferenceStore.Configuration {
    fileprivate func withPort(_ port: Int) -> Self {
        var copy = self
        var connection = PostgresConnection.Configuration(
            host: "127.0.0.1", port: port, username: copy.connection.username, password: copy.connection.password,
            database: copy.connection.database, tls: .disable)
        connection.options.connectTimeout = .seconds(2)
        copy.connection = connection
        return copy
    }
}
