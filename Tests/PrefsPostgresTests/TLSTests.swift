import Foundation
import PostgresNIO
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// TLS comes from postgres-nio's options: with `.require`, both of the store's sessions are
/// encrypted, and a certificate the client does not trust is refused at start.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct TLSTests {
    @Test func bothSessionsOfAStoreRequiringTLSAreEncrypted() throws {
        let fleet = try Fleet()
        guard let certificatePath = fleet.server.settings["PREFS_PG_CERTIFICATE"] else {
            Issue.record("the test server has no certificate (openssl is missing)")
            return
        }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificatePath))
        tls.certificateVerification = .noHostnameVerification
        let context = try NIOSSLContext(configuration: tls)
        let (prefs, _) = try fleet.instance {
            $0.sessions = .two
            $0.connection.tls = .require(context)
        }
        prefs[\.[int: "secret"]] = 1
        try prefs.flush()
        let sessions = try fleet.server.sql(
            "SELECT count(*) || ' ' || bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
                + "WHERE a.application_name = '\(fleet.applicationName)'")
        #expect(sessions == "2 true")
    }

    @Test func aCertificateTheClientDoesNotTrustIsRefusedAtStart() throws {
        let fleet = try Fleet()
        try #require(fleet.server.settings["PREFS_PG_CERTIFICATE"] != nil)
        let context = try NIOSSLContext(configuration: .makeClientConfiguration())  // the system's roots only
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try fleet.store { $0.connection.tls = .require(context) }
        }
        #expect(error?.kind == .unreachable)
        #expect(error?.message.contains("could not start") == true)
    }
}
