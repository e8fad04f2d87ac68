// Complete form of samples in: Sources/Prefs/Prefs.docc/ImplementingACustomStore.md
import Foundation
import Prefs

final class DictionaryStore: PreferenceStore, @unchecked Sendable {
    private let lock = NSRecursiveLock()   // recursive: a transaction body may read through the container
    private var values: [String: PreferenceValue] = [:]
    private let observers = PreferenceStoreObservers()

    func value(forKey key: String) -> PreferenceValue? { lock.withLock { values[key] } }
    func keys() -> [String] { lock.withLock { Array(values.keys) } }
    func flush() {}
    func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken {
        observers.add(handler)
    }
    func write(_ changes: PreferenceStoreWrites) throws {
        try transaction { tx in for (key, value) in changes { tx.setValue(value, forKey: key) } }
    }
    func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        let origin = PreferenceWriteOrigin.current
        defer { observers.deliver() }      // outside the lock
        return try lock.withLock {
            var tx = PreferenceStoreTransaction { self.values[$0] }
            let result = try body(&tx)
            let changed = tx.changes.filter { $0.value != self.values[$0.key] }
            for (key, value) in changed { self.values[key] = value }
            observers.enqueue(PreferenceStoreChange(values: changed, origin: origin))   // in order, under the lock
            return result
        }
    }
}
