public import Prefs

/// A store for tests: in memory, counting the calls it gets, and able to simulate outside changes
/// and failures.
///
/// ```swift
/// let store = TestPreferenceStore()
/// let prefs = Preferences(store: store)
/// store.failWrites(with: TestPreferenceStore.Failure("disk full"))
/// prefs[\.theme] = .dark                    // reverts to the stored value, reported in the log
/// store.simulateOutsideChange(["theme": "light"])   // as if another process had written it
/// ```
public final class TestPreferenceStore: PreferenceStore {
    /// An error the store throws on request.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What the failure says.
        public let description: String
        /// Creates a failure.
        ///
        /// - Parameter description: What the failure says.
        public init(_ description: String) { self.description = description }
    }

    private struct State {
        var failWrites: Failure?
        var failReads: Failure?
        var writes: [PreferenceStoreWrites] = []
        var reads = 0
        var flushes = 0
    }

    private let backing: InMemoryPreferenceStore
    private let state = Lock(State())

    /// Creates a store holding the given values.
    ///
    /// - Parameter values: The initial values by stored name.
    public init(_ values: [String: PreferenceValue] = [:]) {
        backing = InMemoryPreferenceStore(values)
    }

    /// Makes every following write throw `failure` (nil lets writes succeed again).
    ///
    /// - Parameter failure: The error to throw.
    public func failWrites(with failure: Failure?) { state.withLock { $0.failWrites = failure } }

    /// Makes every following read throw `failure` (nil lets reads succeed again).
    ///
    /// - Parameter failure: The error to throw.
    public func failReads(with failure: Failure?) { state.withLock { $0.failReads = failure } }

    /// Changes values as another process would, and reports the change to the store's observers.
    ///
    /// - Parameter changes: New values by key; nil removes a key.
    public func simulateOutsideChange(_ changes: PreferenceStoreWrites) {
        PreferenceWriteOrigin.$current.withValue(nil) { backing.write(changes) }
    }

    /// Every batch written through ``write(_:)`` so far, in order.
    public var writes: [PreferenceStoreWrites] { state.withLock { $0.writes } }
    /// How many times ``value(forKey:)`` was called.
    public var readCount: Int { state.withLock { $0.reads } }
    /// How many times ``flush()`` was called.
    public var flushCount: Int { state.withLock { $0.flushes } }
    /// Everything the store holds now.
    public var contents: [String: PreferenceValue] {
        Dictionary(
            uniqueKeysWithValues: backing.keys().compactMap { key in backing.value(forKey: key).map { (key, $0) } })
    }

    /// Returns the stored value, or throws the failure set with ``failReads(with:)``.
    ///
    /// - Parameter key: The stored name.
    /// - Returns: The value, or nil.
    /// - Throws: The requested failure.
    public func value(forKey key: String) throws -> PreferenceValue? {
        if let failure = state.withLock({ state -> Failure? in
            state.reads += 1
            return state.failReads
        }) {
            throw failure
        }
        return backing.value(forKey: key)
    }

    /// Applies the changes, or throws the failure set with ``failWrites(with:)`` and changes nothing.
    ///
    /// - Parameter changes: New values by key.
    /// - Throws: The requested failure.
    public func write(_ changes: PreferenceStoreWrites) throws {
        if let failure = state.withLock({ $0.failWrites }) { throw failure }
        state.withLock { $0.writes.append(changes) }
        backing.write(changes)
    }

    /// Returns every key with a value.
    ///
    /// - Returns: The keys.
    public func keys() -> [String] { backing.keys() }

    /// Counts the call.
    public func flush() { state.withLock { $0.flushes += 1 } }

    /// Registers a handler told about every change.
    ///
    /// - Parameter handler: Called with the changed keys.
    /// - Returns: A token that unregisters the handler.
    public func observeChanges(
        _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
    )
        -> PreferenceObservationToken
    {
        backing.observeChanges(handler)
    }

    /// Runs a read-modify-write atomically; a requested write failure aborts it.
    ///
    /// - Parameter body: Reads and changes values.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or the requested failure.
    public func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        try backing.transaction { transaction in
            let result = try body(&transaction)
            if let failure = state.withLock({ $0.failWrites }) { throw failure }
            if !transaction.changes.isEmpty { state.withLock { $0.writes.append(transaction.changes) } }
            return result
        }
    }
}
