/// A value a store refused because it would not read back as it was written: a date that is not finite, or arrays
/// and dictionaries nested deeper than the file format reads. Nothing of the write is stored.
///
/// The file store, the UserDefaults store and ``Preferences/exportJSON(store:keys:includingSecrets:)`` throw it; the PostgreSQL store
/// reports the same reason in its own error.
public struct UnstorableValueError: Error, CustomStringConvertible {
    /// The stored name of the key whose value was refused.
    public let key: String
    /// Why the value cannot be stored.
    public let reason: String

    /// A sentence naming the key and the reason.
    public var description: String { "the value of '\(key)' cannot be stored: \(reason)" }
}
