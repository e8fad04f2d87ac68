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
///
/// A class, so that a read copies one reference out of the cache. Unchecked `Sendable`: `decoded`
/// is read and written only under the container's lock; everything else is immutable.
final class KeyBinding: @unchecked Sendable {
    /// The key path itself, held so that its object identity (a key of the identity map) is never reused.
    let keyPath: AnyKeyPath
    let storedKey: StoredKey
    /// The evaluated `PreferenceKeys.Key<Value>`, kept so a key's property is evaluated once.
    let key: any Sendable
    /// The key path that Observation tracks for this stored key.
    let observationKeyPath: any KeyPath<Preferences, Int> & Sendable
    /// The stored form of the key's default value (nil when it has none, or cannot be encoded).
    let storedDefault: PreferenceValue?
    /// Whether every read asks the store (``PreferenceStore/requiresReadThrough``) instead of the cache.
    let readsThrough: Bool
    /// The current value, decoded; nil until the next read decodes it.
    var decoded: (any AnyObject & Sendable)?
    /// Other objects for the same key path (each call site of a key path literal is its own object),
    /// held so that their identities, keys of the identity map, are never reused.
    var aliases: [AnyKeyPath] = []

    init(
        keyPath: AnyKeyPath,
        storedKey: StoredKey,
        key: any Sendable,
        storedDefault: PreferenceValue?,
        readsThrough: Bool,
        observationKeyPath: any KeyPath<Preferences, Int> & Sendable
    ) {
        self.keyPath = keyPath
        self.storedDefault = storedDefault
        self.readsThrough = readsThrough
        self.storedKey = storedKey
        self.key = key
        self.observationKeyPath = observationKeyPath
    }
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
    /// The key paths bound to this stored key, whose decoded values a change invalidates.
    var bindings: [KeyBinding] = []
    /// A value from an override layer that shadows the stored one; nil when the key is not overridden.
    var override: PreferenceOverride?
    /// What readers see: the override if there is one, else the stored value.
    var visibleValue: PreferenceValue? { override?.value ?? value }
    var observers: [UInt64: Observer] = [:]
    let observationKeyPath: any KeyPath<Preferences, Int> & Sendable
    /// Bumped by every change of ``value``, so that a read of the store can tell whether it raced one.
    var version: UInt64 = 0
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
    /// Bindings by key path object: a key path literal is one object, so a read hashes a pointer
    /// instead of the key path's components. Bounded, for apps that build key paths dynamically.
    var bindingsByIdentity: [ObjectIdentifier: KeyBinding] = [:]
    static let identityLimit = 4_096
    /// Bindings by key path equality: the fallback for key paths that are new objects.
    var bindings: [KeyPathID: KeyBinding] = [:]
    var entries: [StoredKey: StoredEntry] = [:]
    /// Writes not yet handed to their store, by store; the latest value per key.
    var pending: [PreferenceStoreID: PreferenceStoreChanges] = [:]
    var isDrainScheduled = false
    /// The batch being handed to a store right now, on the writer queue: the store's report of
    /// exactly these keys, made from inside its `write`, is an echo and needs no re-read.
    var batchInFlight: (storeID: PreferenceStoreID, keys: Set<String>)?
    /// Bumped after each write the container hands to a store completes (a batch or a transaction).
    var storeWriteCount: UInt64 = 0
    /// Failures of writes made behind the caller, thrown by the next `flush()`.
    var failedWrites: [PreferenceWriteError] = []
    /// Counts refused writes, so that `set(_:_:)` can find the failure of its own write.
    var failureCount: UInt64 = 0
    /// Bumped whenever a store reports outside changes, so a read racing one does not cache a stale value.
    var outsideChangeCount: UInt64 = 0
    var deliveries: [Delivery] = []
    var isDelivering = false
    private var nextObserverID: UInt64 = 0
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
    /// When a missing value is involved (the default written where nothing was stored, or a stored default
    /// removed) and only the written key path reads the key, readers see no change if the missing side stands for
    /// the written key's default: the store is still written, but nobody is woken.
    ///
    /// - Returns: What to tell the key's observers, or nil.
    mutating func applyChange(
        _ storedKey: StoredKey,
        to newValue: PreferenceValue?,
        decoded: (KeyBinding, any AnyObject & Sendable)? = nil
    ) -> Delivery? {
        guard let entry = entries[storedKey], entry.value != newValue else { return nil }
        entries[storedKey]!.value = newValue
        entries[storedKey]!.version &+= 1
        if entry.override != nil { return nil }  // the visible value is the override's, which did not change
        var unchangedForReaders = false
        if let (written, box) = decoded {
            // Raw and typed equality differ only around a missing value (the default written where
            // nothing was stored, or removed): compare typed values there, and only there.
            if entry.value == nil || newValue == nil, entry.bindings.count == 1,
                let storedDefault = written.storedDefault
            {
                unchangedForReaders = (entry.value ?? storedDefault) == (newValue ?? storedDefault)
            }
            for binding in entry.bindings where binding !== written { binding.decoded = nil }
            written.decoded = box
        } else {
            for binding in entry.bindings { binding.decoded = nil }
        }
        if unchangedForReaders { return nil }
        return Delivery(
            storedKey: storedKey,
            observers: entry.observers.isEmpty ? [] : Array(entry.observers.values),
            old: entry.value,
            new: newValue,
            observationKeyPath: entry.observationKeyPath
        )
    }

    /// A new observer ID, unique within the container.
    mutating func makeObserverID() -> UInt64 {
        defer { nextObserverID += 1 }
        return nextObserverID
    }

    /// Whether a local write of the key is waiting to reach its store (it wins over what the store holds).
    func hasPendingWrite(_ storedKey: StoredKey) -> Bool {
        pending[storedKey.storeID]?[storedKey.name] != nil
    }

    /// What a read through the store must find unchanged to trust the value it read: the key's cached version and
    /// the count of completed store writes.
    struct ReadThroughMark: Equatable {
        let version: UInt64
        let storeWrites: UInt64
    }

    /// The mark to take before reading a key's value from its store.
    func readThroughMark(_ storedKey: StoredKey) -> ReadThroughMark? {
        entries[storedKey].map { ReadThroughMark(version: $0.version, storeWrites: storeWriteCount) }
    }

    /// Takes a value read from the store on a read-through read: the cache follows it, unless the read raced
    /// a change of the key, a store write, or a local write still on its way to the store (which wins).
    ///
    /// - Returns: What to tell the key's observers, or nil.
    mutating func applyReadThrough(
        _ storedKey: StoredKey, _ value: PreferenceValue?, mark: ReadThroughMark
    )
        -> Delivery?
    {
        guard readThroughMark(storedKey) == mark, !hasPendingWrite(storedKey),
            batchInFlight.map({ $0.storeID != storedKey.storeID || !$0.keys.contains(storedKey.name) }) ?? true
        else { return nil }
        return applyChange(storedKey, to: value)
    }
}
