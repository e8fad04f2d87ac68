internal import Logging

/// One named, versioned step that changes stored preferences, run once per store.
///
/// ```swift
/// let steps = [
///     PreferenceMigration("2026-11-split-window") { tx in
///         if case .dictionary(let old)? = tx.value(named: "window") {
///             tx.setValue(old["origin"], named: "window_origin")
///             tx.setValue(nil, named: "window")
///         }
///     },
///     PreferenceMigration("2026-12-dark-by-default") { tx in
///         if tx.value(named: "theme") == nil { tx[\.theme] = .dark }
///     },
/// ]
/// try prefs.migrate(steps)
/// ```
///
/// ``Preferences/migrate(_:)`` runs each step not yet recorded in its store, in order, inside one
/// store transaction per step that also records it: under a file store's cross-process lock, so
/// when several processes start at once exactly one runs each step. A step that throws leaves no
/// trace, and the steps after it do not run.
public struct PreferenceMigration: Sendable {
    /// The step's name, recorded in the store once it has run; never rename a step that has shipped.
    public let name: String
    /// The store the step runs against.
    public let storeID: PreferenceStoreID
    let body: @Sendable (inout PreferenceKeysTransaction) throws -> Void

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - name: A name unique among the app's steps.
    ///   - store: The store the step runs against.
    ///   - body: The change: reads and writes keys by key path or by stored name.
    public init(
        _ name: String,
        store: PreferenceStoreID = .default,
        _ body: @escaping @Sendable (inout PreferenceKeysTransaction) throws -> Void
    ) {
        self.name = name
        self.storeID = store
        self.body = body
    }
}

/// A migration step that threw; the steps before it are recorded, this one left no trace.
public struct PreferenceMigrationError: Error, CustomStringConvertible {
    /// The step's name.
    public let step: String
    /// What it threw.
    public let underlying: any Error

    /// A sentence naming the step and its error.
    public var description: String { "migration step '\(step)' failed and was rolled back: \(underlying)" }
}

extension Preferences {
    /// The stored name under which each store records the migration steps that ran in it.
    public static let migrationRecordName = "prefs.migrations"

    /// Runs, in order, every step not yet recorded in its store.
    ///
    /// - Parameter steps: The app's steps, oldest first.
    /// - Returns: The names of the steps this call ran (not those already recorded).
    /// - Throws: ``PreferenceMigrationError`` for the first step that throws; later steps do not run.
    @discardableResult
    public func migrate(_ steps: [PreferenceMigration]) throws -> [String] {
        var ran: [String] = []
        for step in steps {
            do {
                let didRun = try runTransaction(on: [step.storeID]) { transaction -> Bool in
                    let record = Self.migrationRecordName
                    var done: [PreferenceValue] = []
                    if case .array(let names)? = transaction.value(named: record, in: step.storeID) { done = names }
                    guard !done.contains(.string(step.name)) else { return false }
                    try step.body(&transaction)
                    transaction.setValue(.array(done + [.string(step.name)]), named: record, in: step.storeID)
                    return true
                }
                if didRun {
                    ran.append(step.name)
                    logger.notice("Prefs: ran migration step '\(step.name)' in store '\(step.storeID)'")
                }
            } catch {
                throw PreferenceMigrationError(step: step.name, underlying: error)
            }
        }
        return ran
    }
}
