import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import PrefsTesting
import Testing

/// The PostgreSQL store passes the conformance suite every store passes, against a real server.
@Suite(.requiresPostgreSQL, .ownThreads)
struct PostgresStoreConformanceTests {
    @Test func conformsToThePreferenceStoreContract() async throws {
        let server = try PostgresTestServer.shared()
        var fleets: [Fleet] = []
        try await checkConformance(
            makeStore: {
                let fleet = try Fleet(server: server)
                fleets.append(fleet)
                return try fleet.store()
            },
            reopen: { store in
                let namespace = (store as! PostgresPreferenceStore).namespace
                return try Fleet(server: server, namespace: namespace).store()
            },
            profile: .withoutNUL,
            cases: PreferenceValueGenerator.caseCount(200)  // round trips to a server: keep the suite's time modest
        )
        _ = fleets
    }
}
