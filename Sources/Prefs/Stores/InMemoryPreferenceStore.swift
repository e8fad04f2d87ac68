internal import Foundation

/// A store that keeps values in memory only: for tests, previews and values that must not outlive
/// the process.
///
/// ```swift
/// let prefs = Preferences(store: InMemoryPreferenceStore(["theme": "dark"]))
/// ```
///
/// Every write through the store is reported to its change handlers with its values, so a test can
/// change a value behind a container's back with ``write(_:)``. Transactions are atomic against every other user of the same store.
public final class InMemoryPreferenceStore: PreferenceStore, @unchecked Sendable {
    // A recursive lock: a transaction body may read keys (through its container) on the same thread.
    private let lock = NSRecursiveLock()
    private var storage: [String: PreferenceValue]
    private let observers = PreferenceStoreObservers()

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
    public func write(_ changes: PreferenceStoreWrites) {
        let origin = PreferenceWriteOrigin.current
        lock.withLock { apply(changes, origin: origin) }
        observers.deliver()
    }

    /// Returns every key that has a value.
    ///
    /// - Returns: The keys.
    public func keys() -> [String] {
        lock.withLock { Array(storage.keys) }
    }

    /// Does nothing: memory needs no flushing.
    public func flush() {}

    /// Registers a handler told about every change, with the new values.
    ///
    /// - Parameter handler: Called with each report.
    /// - Returns: A token that unregisters the handler.
    public func observeChanges(
        _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
    )
        -> PreferenceObservationToken
    {
        observers.add(handler)
    }

    /// Runs a read-modify-write under the store's lock, atomically against every other user of the store.
    ///
    /// - Parameter body: Reads and changes values.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; nothing is written then.
    public func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        let origin = PreferenceWriteOrigin.current
        defer { observers.deliver() }
        return try lock.withLock {
            var transaction = PreferenceStoreTransaction { [unowned self] in storage[$0] }
            let result = try body(&transaction)
            apply(transaction.changes, origin: origin)
            return result
        }
    }

    /// Applies changes and queues their report. Call it holding the lock.
    private func apply(_ changes: PreferenceStoreWrites, origin: PreferenceWriteOrigin?) {
        var changed = changes  // shares its storage until a key turns out unchanged: a write allocates nothing
        for (key, value) in changes {
            if storage[key] == value { changed[key] = nil } else { storage[key] = value }
        }
        observers.enqueue(PreferenceStoreChange(values: changed, origin: origin))
    }
}
