public import Prefs

/// A store that hands every call to an in-memory store: a test subclasses it to change one behaviour (a store that
/// forgets values, one that holds a committed transaction back) and keeps the rest correct.
open class ForwardingStore: PreferenceStore, @unchecked Sendable {
    /// The store every call goes to.
    public let backing = InMemoryPreferenceStore()

    /// Creates an empty store.
    public init() {}

    /// Returns the backing store's value.
    open func value(forKey key: String) -> PreferenceValue? { backing.value(forKey: key) }

    /// Writes to the backing store.
    open func write(_ changes: PreferenceStoreWrites) { backing.write(changes) }

    /// Returns the backing store's keys.
    open func keys() -> [String] { backing.keys() }

    /// Does nothing: the backing store keeps everything in memory.
    open func flush() {}

    /// Observes the backing store.
    open func observeChanges(
        _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
    ) -> PreferenceObservationToken {
        backing.observeChanges(handler)
    }

    /// Runs a transaction of the backing store.
    open func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        try backing.transaction(body)
    }
}
