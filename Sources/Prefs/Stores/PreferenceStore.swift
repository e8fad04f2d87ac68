/// The writes one store call makes: a new stored value per key, or nil to remove the key.
public typealias PreferenceStoreWrites = [String: PreferenceValue?]

/// The former name of ``PreferenceStoreWrites``.
@available(*, deprecated, renamed: "PreferenceStoreWrites")
public typealias PreferenceStoreChanges = PreferenceStoreWrites

/// Where preferences live: a small, thread-safe key–value seam that every backend implements.
///
/// A ``Preferences`` container keeps every value it has read in memory and writes behind, on one
/// serial queue per store, so a store is called rarely and never on the read path. A store:
///
/// - reads one key (``value(forKey:)``), lists its keys (``keys()``);
/// - applies a batch of changes, all or nothing (``write(_:)``);
/// - makes earlier writes durable (``flush()``);
/// - reports changes to its contents, with their values and who made them (``observeChanges(_:)``);
/// - optionally runs a read-modify-write atomically against every other writer (``transaction(_:)``).
///
/// To write your own store, implement the five requirements and run the conformance suite from
/// the `PrefsTesting` product against it:
///
/// ```swift
/// try PreferenceStoreConformance.check { MyStore() }
/// ```
public protocol PreferenceStore: AnyObject, Sendable {
    /// Returns the value stored under a key.
    ///
    /// - Parameter key: The stored name (the container's prefix included).
    /// - Returns: The stored value, or nil when nothing is stored.
    /// - Throws: An error when the backend cannot be read.
    func value(forKey key: String) throws -> PreferenceValue?

    /// Applies a batch of changes: every key in `changes` gets its new value, or is removed when the
    /// value is nil. The batch is applied all or nothing.
    ///
    /// - Parameter changes: The new values by key; nil removes a key.
    /// - Throws: An error when the batch could not be applied; the store then holds what it held before.
    func write(_ changes: PreferenceStoreWrites) throws

    /// Returns every key that has a stored value.
    ///
    /// - Returns: The keys, in no particular order.
    /// - Throws: An error when the backend cannot be read.
    func keys() throws -> [String]

    /// Returns when every earlier ``write(_:)`` is durable in the backend.
    ///
    /// - Throws: An error when the data could not be made durable.
    func flush() throws

    /// Registers a handler that is told about every change to the store's contents.
    ///
    /// Report every change, whoever made it: a ``write(_:)`` or ``transaction(_:)`` through this store, another
    /// process, a direct call on the backing system, an edit of a file. Use ``PreferenceStoreObservers``, which
    /// keeps handlers and delivers reports in order. The rules a container relies on:
    ///
    /// - **Values.** Put the new values in the report when you have them (``PreferenceStoreChange/init(values:origin:)``):
    ///   a container then reads nothing back. Report only the names when you do not know the values; a container
    ///   reads those keys with ``value(forKey:)``.
    /// - **Order.** Deliver reports in the order the changes were made to the store, and each report as the state
    ///   right after its change. Queue them with ``PreferenceStoreObservers/enqueue(_:)`` under the lock that orders
    ///   your changes.
    /// - **Echoes.** Put ``PreferenceWriteOrigin/current``, read during the ``write(_:)`` or ``transaction(_:)``
    ///   call that made the changes, in the report's ``PreferenceStoreChange/origin``, also when you report them
    ///   later from another thread. A container ignores the reports of its own writes (it applied them when they
    ///   were made), and a report that mixes a write's changes with changes found meanwhile (another process's)
    ///   must be two reports: the found ones without origin first, then the write's.
    /// - **Threads.** Call handlers outside the store's own locks, on any thread.
    ///
    /// Report a key only when its value may have changed; a container wakes observers only when it did.
    ///
    /// - Parameter handler: Called with each report.
    /// - Returns: A token that unregisters the handler when cancelled or released.
    func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken

    /// Runs a read-modify-write against the store, atomically with respect to every other writer
    /// where the store can promise it (other processes included, for a file or a database).
    ///
    /// The body reads current values through the transaction and records changes on it; the store
    /// applies the recorded changes as one write when the body returns, and none when it throws.
    /// The default implementation reads and writes without any isolation of its own.
    ///
    /// - Parameter body: Reads and changes values through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or an error of the store; nothing is written then.
    func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result

    /// Whether a container must ask the store on every read instead of answering from its cache.
    ///
    /// Return true when the store's contents can change in this process without the store being able to report
    /// it before the next read (`UserDefaults` on Linux, written directly, posts nothing): a read then costs a
    /// call of ``value(forKey:)``, and finds such a change at once. The default is false: reads come from the
    /// container's cache, which ``observeChanges(_:)`` keeps current.
    var requiresReadThrough: Bool { get }
}

extension PreferenceStore {
    /// False: containers cache this store's values and rely on ``observeChanges(_:)`` for changes.
    public var requiresReadThrough: Bool { false }

    /// Reads through ``value(forKey:)`` and applies the recorded changes with one ``write(_:)``,
    /// without isolation from other writers.
    ///
    /// - Parameter body: Reads and changes values through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` or the store throws.
    public func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        var transaction = PreferenceStoreTransaction { try self.value(forKey: $0) }
        let result = try body(&transaction)
        if !transaction.changes.isEmpty { try write(transaction.changes) }
        return result
    }
}
