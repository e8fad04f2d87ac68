public import Foundation

extension Preferences {
    /// Writes a value with the reason it is made, and waits until its store has accepted it.
    ///
    /// ```swift
    /// try prefs.set(\.rateLimit, 250, reason: "INC-4711: halve the limit during the incident")
    /// ```
    ///
    /// The reason travels with the write to its store (see ``PreferenceWriteReason``); a store that keeps a history
    /// (PostgreSQL) records it beside the change. The same as ``set(_:_:)`` run with ``PreferenceWriteReason/current``
    /// bound to `reason`.
    ///
    /// - Parameters:
    ///   - keyPath: The key.
    ///   - value: The new value; nil removes an optional key's stored value.
    ///   - reason: Why the write is made.
    /// - Throws: An error from the key's codec, or a ``PreferenceWriteError``.
    public func set<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ value: Value,
        reason: PreferenceWriteReason
    ) throws {
        try PreferenceWriteReason.$current.withValue(reason) { try set(keyPath, value) }
    }

    /// Atomically reads, changes and writes one key, with the reason the change is made.
    ///
    /// ```swift
    /// prefs.update(\.allowedHosts, reason: "INC-4711: block the scraper") { $0.remove("scraper.example") }
    /// ```
    ///
    /// The same as ``update(_:_:)`` run with ``PreferenceWriteReason/current`` bound to `reason`.
    ///
    /// - Parameters:
    ///   - keyPath: The key.
    ///   - reason: Why the change is made.
    ///   - body: Changes the value in place.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the key is left unchanged then.
    @discardableResult
    public func update<Value, Result, Failure: Error>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        reason: PreferenceWriteReason,
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // `withValue` throws untyped errors, so the outcome crosses it as a `Result`, built by hand: a closure typed
        // `throws(Failure)` (as `Result(catching:)` takes) is a function type that needs the macOS 15 runtime.
        let outcome = PreferenceWriteReason.$current.withValue(reason) { () -> Swift.Result<Result, Failure> in
            do throws(Failure) {
                return .success(try update(keyPath, body))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Changes several keys all or nothing, with the reason the changes are made.
    ///
    /// ```swift
    /// try prefs.transaction(reason: "rollback of bad rollout 2026-11-24") { tx in
    ///     tx[\.useNewCache] = false
    ///     tx[\.cacheSize] = 512
    /// }
    /// ```
    ///
    /// The same as ``transaction(_:)`` run with ``PreferenceWriteReason/current`` bound to `reason`.
    ///
    /// - Parameters:
    ///   - reason: Why the changes are made.
    ///   - body: Reads and changes keys through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a codec error, or a store error; nothing is written then.
    public func transaction<Result>(
        reason: PreferenceWriteReason,
        _ body: (inout PreferenceKeysTransaction) throws -> Result
    ) throws -> Result {
        try PreferenceWriteReason.$current.withValue(reason) { try transaction(body) }
    }

    /// Imports a JSON document into one store, atomically, with the reason the import is made.
    ///
    /// The same as ``importJSON(_:into:mode:validating:)`` run with ``PreferenceWriteReason/current`` bound to
    /// `reason`.
    ///
    /// - Parameters:
    ///   - document: A JSON object in the file store's format.
    ///   - store: The store.
    ///   - mode: Whether keys missing from the document are kept or removed.
    ///   - keys: Declared keys to validate members against.
    ///   - reason: Why the import is made.
    /// - Throws: ``PreferenceImportError`` when a member is invalid, an error for a document that is
    ///   not a JSON object, or an error of the store; nothing is written then.
    public func importJSON(
        _ document: Data,
        into store: PreferenceStoreID = .default,
        mode: PreferenceImportMode = .merge,
        validating keys: [AnyPreferenceKey] = [],
        reason: PreferenceWriteReason
    ) throws {
        try PreferenceWriteReason.$current.withValue(reason) {
            try importJSON(document, into: store, mode: mode, validating: keys)
        }
    }
}
