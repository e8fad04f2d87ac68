import Foundation
import Prefs
import PrefsTestSupport
import Testing

/// Transactions reach the containers in the order the store committed them, however late a committing thread gets
/// back to the link: found under ThreadSanitizer's timing, where 20 tasks × 50 `update`s left a container reading 797
/// while the store held 1,000.
@Suite struct TransactionOrderTests {
    /// A store whose first transaction, once committed, waits before returning until it is released.
    final class HeldStore: ForwardingStore, @unchecked Sendable {
        let committed = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        private let calls = Lock(0)

        override func transaction<Result>(
            _ body: (inout PreferenceStoreTransaction) throws -> Result
        ) throws -> Result {
            let isFirst = calls.withLock { count in
                count += 1
                return count == 1
            }
            let result = try backing.transaction(body)
            if isFirst {
                committed.signal()
                release.wait()
            }
            return result
        }
    }

    @Test func aTransactionThatReturnsLateDoesNotOverwriteANewerOne() async throws {
        let store = HeldStore()
        let prefs = Preferences(store: store)
        let first = Thread { prefs.update(\.count) { $0 = 1 } }
        first.start()
        store.committed.wait()  // the first transaction committed 1 and is held before it reaches the link
        prefs.update(\.count) { $0 = 2 }  // commits after it
        store.release.signal()
        await eventually("the held transaction returned") { first.isFinished }
        #expect(store.backing.value(forKey: "count") == 2)
        #expect(prefs[\.count] == 2, "the container must read what the store holds, the newer commit")
    }
}
