import Foundation
import Prefs
import PrefsTestSupport
import Testing

/// A value one store cannot keep fails alone: the link writes the writes coalesced with it, and reports only the
/// refused key to its writer.
@Suite struct RefusedWriteTests {
    /// A store that holds its first write until opened, so that the writes made meanwhile reach the store as one
    /// batch.
    final class GatedStore: PreferenceStore, @unchecked Sendable {
        let inner: any PreferenceStore
        private let held = DispatchSemaphore(value: 0)
        private let gate = DispatchSemaphore(value: 0)
        private let first = Lock(true)

        init(_ inner: any PreferenceStore) { self.inner = inner }

        /// Waits until the first write is held.
        func waitUntilHeld() -> Bool { held.wait(timeout: .now() + 30 * deadlineScale) == .success }
        /// Lets the first write go.
        func open() { gate.signal() }

        func value(forKey key: String) throws -> PreferenceValue? { try inner.value(forKey: key) }
        func keys() throws -> [String] { try inner.keys() }
        func flush() throws { try inner.flush() }
        func observeChanges(
            _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
        ) -> PreferenceObservationToken { inner.observeChanges(handler) }

        func write(_ changes: PreferenceStoreWrites) throws {
            let isFirst = first.withLock { isFirst in
                defer { isFirst = false }
                return isFirst
            }
            if isFirst {
                held.signal()
                gate.wait()
            }
            try inner.write(changes)
        }
    }

    #if !canImport(Darwin)
    @Test func aValueTheStoreRefusesFailsAloneAndTheWritesBesideItAreStored() throws {
        let suite = try TemporarySuite()
        let store = GatedStore(UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!)
        let prefs = Preferences(store: store)
        prefs[\.otherCount] = 1  // the first batch, held by the store while the next writes pile up
        try #require(store.waitUntilHeld())
        prefs[\.count] = 7
        prefs[\.name] = "Ada"
        prefs[\.flag] = true
        prefs[\.theme] = .dark
        prefs[\.level] = .high
        prefs[\.scores] = ["\u{FEFF}bom": 1]  // Linux's Foundation cannot keep a member name that starts so
        prefs[\.selections] = [1]
        store.open()
        let failure = try #require(throws: PreferenceWriteError.self) { try prefs.flush() }
        #expect(failure.keys == ["scores"], "only the refused key is reported")
        #expect(try store.inner.value(forKey: "count") == 7)
        #expect(try store.inner.value(forKey: "name") == "Ada")
        #expect(try store.inner.value(forKey: "flag") == true)
        #expect(try store.inner.value(forKey: "theme") == "dark")
        #expect(try store.inner.value(forKey: "level") == 9)
        #expect(try store.inner.value(forKey: "selections") == [1])
        #expect(try store.inner.value(forKey: "scores") == nil)
        #expect(prefs[\.scores] == [:], "the refused value is undone in the cache")
        #expect(prefs[\.count] == 7 && prefs[\.name] == "Ada")
        #expect(throws: PreferenceWriteError.self) { try prefs.set(\.scores, ["\u{FEFF}again": 2]) }
        try prefs.set(\.scores, ["plain": 2])
        #expect(prefs[\.scores] == ["plain": 2])
    }
    #endif
}
