import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Every built-in store passes the conformance suite users run against their own stores.
@Suite struct StoreConformanceTests {
    @Test func inMemoryStore() async throws {
        try await checkConformance(makeStore: { InMemoryPreferenceStore() })
    }

    @Test func testStore() async throws {
        try await checkConformance(makeStore: { TestPreferenceStore() })
    }

    @Test func fileStore() async throws {
        let directory = try TemporaryDirectory()
        try await checkConformance(
            makeStore: { try FilePreferenceStore(url: directory.file("\(UUID()).json")) },
            reopen: { try FilePreferenceStore(url: ($0 as! FilePreferenceStore).url) }
        )
    }

    /// A store that breaks the contract is caught: the suite is not a rubber stamp.
    @Test func aStoreThatLosesValuesFailsTheSuite() throws {
        final class ForgetfulStore: PreferenceStore, @unchecked Sendable {
            let backing = InMemoryPreferenceStore()
            func value(forKey key: String) -> PreferenceValue? {
                key.hasPrefix("date") ? nil : backing.value(forKey: key)
            }
            func write(_ changes: PreferenceStoreChanges) { backing.write(changes) }
            func keys() -> [String] { backing.keys() }
            func flush() {}
            func observeChanges(
                _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
            ) -> PreferenceObservationToken {
                backing.observeChanges(handler)
            }
        }
        let failure = #expect(throws: PreferenceStoreConformance.Failure.self) {
            try PreferenceStoreConformance.check(
                makeStore: { ForgetfulStore() }, atomicTransactions: false, generatedCases: 0)
        }
        #expect(failure?.problems.contains { $0.contains("date.sub-millisecond") } == true)
    }
}
