/// A write that a store refused; thrown by `try prefs.set(_:_:)` and by the next `flush()`.
public struct PreferenceWriteError: Error, CustomStringConvertible {
    /// The store that refused the write.
    public let storeID: PreferenceStoreID
    /// The stored names of the keys in the refused write.
    public let keys: [String]
    /// The store's error.
    public let underlying: any Error

    /// A sentence naming the keys, the store and the store's reason.
    public var description: String {
        let names = keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return "could not write \(names) to store '\(storeID)': \(underlying)"
    }
}
