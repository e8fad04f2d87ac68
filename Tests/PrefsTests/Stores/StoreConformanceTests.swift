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

    /// The in-memory store reports the keys whose values changed, and nothing for a write that changes nothing.
    @Test func inMemoryStoreReportsOnlyChangedKeys() throws {
        let store = InMemoryPreferenceStore(["a": 1])
        let reports = Lock<[[String: PreferenceValue?]]>([])
        let token = store.observeChanges { change in reports.withLock { $0.append(change.values) } }
        store.write(["a": 1, "b": 2])
        store.write(["a": 1, "b": 2])
        store.write(["a": PreferenceValue?.none, "b": 3])
        token.cancel()
        #expect(reports.withLock { $0 } == [["b": 2], ["a": PreferenceValue?.none, "b": 3]])
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
        final class ForgetfulStore: ForwardingStore, @unchecked Sendable {
            override func value(forKey key: String) -> PreferenceValue? {
                key.hasPrefix("date") ? nil : backing.value(forKey: key)
            }
            override func transaction<Result>(
                _ body: (inout PreferenceStoreTransaction) throws -> Result
            ) throws -> Result {
                var transaction = PreferenceStoreTransaction { self.value(forKey: $0) }
                let result = try body(&transaction)
                write(transaction.changes)
                return result
            }
        }
        let failure = #expect(throws: PreferenceStoreConformance.Failure.self) {
            try PreferenceStoreConformance.check(
                makeStore: { ForgetfulStore() }, atomicTransactions: false, generatedCases: 0)
        }
        #expect(failure?.problems.contains { $0.contains("date.sub-millisecond") } == true)
    }
}
