/// Where one key lives: a store and the full stored name (the container's prefix included).
struct StoredKey: Hashable, Sendable, CustomStringConvertible {
    let storeID: PreferenceStoreID
    let name: String
    var description: String { storeID == .default ? name : "\(name) (store \(storeID))" }
}

/// A key path used as a dictionary key. Key paths are immutable, so sharing them is safe.
struct KeyPathID: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
}

/// A decoded value, cached so that reads do no decoding.
final class DecodedValue<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// What the container knows about one key path: where it is stored and its decoded value.
struct KeyBinding: Sendable {
    let storedKey: StoredKey
    /// The evaluated `PreferenceKeys.Key<Value>`, kept so a key's property is evaluated once.
    let key: any Sendable
    /// The key path that Observation tracks for this stored key.
    let observationKeyPath: any KeyPath<Preferences, Int> & Sendable
    /// The current value, decoded; nil until the next read decodes it.
    var decoded: (any AnyObject & Sendable)?
}

/// Called with a stored key's old and new value, outside every lock.
typealias ObserverCallback = @Sendable (_ old: PreferenceValue?, _ new: PreferenceValue?) -> Void

/// One registered observer of one stored key.
struct Observer: Sendable {
    let notify: ObserverCallback
    /// Ends the observation when the container goes away (finishes an async sequence).
    let finish: (@Sendable () -> Void)?
}

/// The cached stored value of one key, and who depends on it.
struct StoredEntry: Sendable {
    var value: PreferenceValue?
    /// A value from an override layer that shadows the stored one; nil when the key is not overridden.
    var override: PreferenceOverride?
    /// What readers see: the override if there is one, else the stored value.
    var visibleValue: PreferenceValue? { override?.value ?? value }
    var keyPaths: [KeyPathID] = []
    var observers: [UInt64: Observer] = [:]
    let observationKeyPath: any KeyPath<Preferences, Int> & Sendable
}

/// A change to hand to observers once the lock is released.
struct Delivery: Sendable {
    let storedKey: StoredKey
    let observers: [Observer]
    let old: PreferenceValue?
    let new: PreferenceValue?
    let observationKeyPath: any KeyPath<Preferences, Int> & Sendable
}

/// Everything a container keeps under its lock.
struct ContainerState: Sendable {
    var bindings: [KeyPathID: KeyBinding] = [:]
    var entries: [StoredKey: StoredEntry] = [:]
    /// Writes not yet handed to their store, by store; the latest value per key.
    var pending: [PreferenceStoreID: PreferenceStoreChanges] = [:]
    var isDrainScheduled = false
    /// Failures of writes made behind the caller, thrown by the next `flush()`.
    var failedWrites: [PreferenceWriteError] = []
    /// Counts refused writes, so that `set(_:_:)` can find the failure of its own write.
    var failureCount: UInt64 = 0
    /// Bumped whenever a store reports outside changes, so a read racing one does not cache a stale value.
    var outsideChangeCount: UInt64 = 0
    var deliveries: [Delivery] = []
    var isDelivering = false
    var nextObserverID: UInt64 = 0
    /// Observers of every key (``Preferences/changedKeys()``), told each changed key's name.
    var keyObservers: [UInt64: Observer] = [:]
    /// Observers removed before they were added (an async sequence cancelled while it was being set up).
    var retiredObserverIDs: Set<UInt64> = []

    /// Sets a key's cached stored value; returns the delivery for its observers, or nil when nothing
    /// changed that a reader could see.
    ///
    /// - Parameters:
    ///   - storedKey: The key whose stored value changed.
    ///   - newValue: Its new stored value; nil when removed.
    ///   - decoded: The written key path and its new decoded value, cached so the next read needs no decoding.
    ///   - isSameValue: Compares the key path's current decoded value with the written one; when they
    ///     are equal (writing a key's default where nothing was stored) the store is still written but
    ///     nobody is woken.
    /// - Returns: What to tell the key's observers, or nil.
    mutating func applyChange(
        _ storedKey: StoredKey,
        to newValue: PreferenceValue?,
        decoded: (KeyPathID, any AnyObject & Sendable)? = nil,
        isSameValue: ((any AnyObject & Sendable) -> Bool)? = nil
    ) -> Delivery? {
        guard let entry = entries[storedKey], entry.value != newValue else { return nil }
        entries[storedKey]!.value = newValue
        if entry.override != nil { return nil }  // the visible value is the override's, which did not change
        var unchangedForReaders = false
        if let (id, box) = decoded {
            if let isSameValue, let current = bindings[id]?.decoded, entry.keyPaths.count == 1 {
                unchangedForReaders = isSameValue(current)
            }
            for other in entry.keyPaths where other != id { bindings[other]?.decoded = nil }
            bindings[id]?.decoded = box
        } else {
            for id in entry.keyPaths { bindings[id]?.decoded = nil }
        }
        if unchangedForReaders { return nil }
        return Delivery(
            storedKey: storedKey,
            observers: Array(entry.observers.values),
            old: entry.value,
            new: newValue,
            observationKeyPath: entry.observationKeyPath
        )
    }

    /// Whether a local write of the key is waiting to reach its store (it wins over what the store holds).
    func hasPendingWrite(_ storedKey: StoredKey) -> Bool {
        pending[storedKey.storeID]?[storedKey.name] != nil
    }
}
