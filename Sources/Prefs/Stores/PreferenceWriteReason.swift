/// Why a write is made: an incident number, "rollback of bad rollout". Stores that keep a history (PostgreSQL)
/// record it beside the change.
///
/// A reason is captured where the write is made, from ``current``, and travels with the write to its store: a
/// container binds ``current`` to it around the store call that carries the write, also when that call runs later
/// on another thread. Writes of one key made with different reasons are never merged into one store write.
///
/// ```swift
/// PreferenceWriteReason.$current.withValue("INC-4711: disable the new cache") {
///     prefs[\.useNewCache] = false
/// }
/// ```
public struct PreferenceWriteReason: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The reason, as people wrote it.
    public let text: String

    /// A reason.
    ///
    /// - Parameter text: Why the write is made.
    public init(_ text: String) { self.text = text }

    /// A reason written as a string literal.
    ///
    /// - Parameter value: Why the write is made.
    public init(stringLiteral value: String) { self.text = value }

    /// The reason of the writes made in this task or thread now; nil when none was given.
    @TaskLocal public static var current: PreferenceWriteReason?

    /// The reason's text.
    public var description: String { text }
}
