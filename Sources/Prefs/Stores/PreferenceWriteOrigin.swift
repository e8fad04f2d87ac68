/// Who made a write to a store: what lets a container recognise the reports of its own writes (the echo rule of
/// ``PreferenceStore/observeChanges(_:)``).
///
/// A container binds ``current`` around every call it makes that changes a store (``PreferenceStore/write(_:)``
/// and ``PreferenceStore/transaction(_:)``). A store reads it there and puts it in the
/// ``PreferenceStoreChange/origin`` of the report of the changes that call made, also when it reports them later
/// from another thread (a database that confirms a write asynchronously).
///
/// ```swift
/// public func write(_ changes: PreferenceStoreWrites) throws {
///     let origin = PreferenceWriteOrigin.current
///     let changed = try apply(changes)
///     observers.report(PreferenceStoreChange(values: changed, origin: origin))
/// }
/// ```
public struct PreferenceWriteOrigin: Hashable, Sendable, CustomStringConvertible {
    let id: UInt64

    private static let lastID = Lock<UInt64>(0)

    /// A new origin, different from every other one made in this process.
    package static func unique() -> PreferenceWriteOrigin {
        PreferenceWriteOrigin(
            id: lastID.withLock { id in
                id += 1
                return id
            })
    }

    private init(id: UInt64) { self.id = id }

    /// The origin of the store call in progress on this thread or task; nil when no container made it.
    @TaskLocal public static var current: PreferenceWriteOrigin?

    /// An opaque description, for logs.
    public var description: String { "origin \(id)" }
}
