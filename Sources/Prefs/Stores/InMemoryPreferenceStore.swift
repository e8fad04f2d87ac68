internal import Foundation

/// A store that keeps values in memory only: for tests, previews and values that must not outlive
/// the process.
///
/// ```swift
/// let prefs = Preferences(store: InMemoryPreferenceStore(["theme": "dark"]))
/// ```
///
/// Every write through the store is reported to its change handlers, so two containers sharing one
/// store see each other's writes, and a test can change a value behind a container's back with
/// ``write(_:)``. Transactions are atomic against every other user of the same store.
public final class InMemoryPreferenceStore: PreferenceStore, @unchecked Sendable {
    // A recursive lock: a transaction body may read keys (through its container) on the same thread.
    private let lock = NSRecursiveLock()
    private var storage: [String: PreferenceValue]
    private let handlers = ChangeHandlers()

    /// Creates a store holding the given values.
    ///
    /// - Parameter values: The initial values by stored name.
    public init(_ values: [String: PreferenceValue] = [:]) {
        storage = values
    }

    /// Returns the value stored under a key.
    ///
    /// - Parameter key: The stored name.
    /// - Returns: The value, or nil.
    public func value(forKey key: String) -> PreferenceValue? {
        lock.withLock { storage[key] }
    }

    /// Applies the changes and reports the keys whose values changed.
    ///
    /// - Parameter changes: New values by key; nil removes a key.
    public func write(_ changes: PreferenceStoreChanges) {
        let changed = lock.withLock { apply(changes) }
        handlers.notify(changed)
    }

    /// Returns every key with a value.
    ///
    /// - Returns: The keys.
    public func keys() -> [String] {
        lock.withLock { Array(storage.keys) }
    }

    /// Does nothing: memory needs no flushing.
    public func flush() {}

    /// Registers a handler told about every change.
    ///
    /// - Parameter handler: Called with the changed keys.
    /// - Returns: A token that unregisters the handler.
    public func observeChanges(_ handler: @escaping @Sendable (Set<String>) -> Void) -> PreferenceObservationToken {
        handlers.add(handler)
    }

    /// Runs a read-modify-write under the store's lock, atomically against every other user of the store.
    ///
    /// - Parameter body: Reads and changes values.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; nothing is written then.
    public func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        let (result, changed) = try lock.withLock {
            var transaction = PreferenceStoreTransaction { [unowned self] in storage[$0] }
            let result = try body(&transaction)
            return (result, apply(transaction.changes))
        }
        handlers.notify(changed)
        return result
    }

    private func apply(_ changes: PreferenceStoreChanges) -> Set<String> {
        var changed: Set<String> = []
        for (key, value) in changes where storage[key] != value {
            storage[key] = value
            changed.insert(key)
        }
        return changed
    }
}
