// Complete form of samples in: Sources/Prefs/Prefs.docc/ImplementingACustomStore.md
import Prefs

// The article's summary of the protocol, declared here under the same name: `Probe` below conforms to it and to
// Prefs' own with nothing else, so these are all the requirements a store must implement.
public protocol PreferenceStore: AnyObject, Sendable {
    func value(forKey key: String) throws -> PreferenceValue?
    func write(_ changes: PreferenceStoreWrites) throws
    func keys() throws -> [String]
    func flush() throws
    func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken
    // and transaction(_:) and requiresReadThrough, which have default implementations
}

final class Probe: PreferenceStore, Prefs.PreferenceStore {
    func value(forKey key: String) throws -> PreferenceValue? { nil }
    func write(_ changes: PreferenceStoreWrites) throws {}
    func keys() throws -> [String] { [] }
    func flush() throws {}
    func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken {
        PreferenceStoreObservers().add(handler)
    }
}
