internal import Logging

/// Where one key lives: a store and the full stored name (the container's prefix included).
@usableFromInline
struct StoredKey: Hashable, Sendable, CustomStringConvertible {
    let storeID: PreferenceStoreID
    @usableFromInline let name: String
    @usableFromInline var description: String { storeID == .default ? name : "\(name) (store \(storeID))" }
}

/// A key path used as a dictionary key. Key paths are immutable, so sharing them is safe.
///
/// Hashing a key path walks its components (and hashes a subscript's arguments): the hash is computed once, when
/// the ID is made, and a lookup followed by an insert reuses it.
struct KeyPathID: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
    private let hash: Int

    init(keyPath: AnyKeyPath) {
        self.keyPath = keyPath
        self.hash = keyPath.hashValue
    }

    static func == (lhs: KeyPathID, rhs: KeyPathID) -> Bool {
        lhs.hash == rhs.hash && lhs.keyPath == rhs.keyPath
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// A decoded value, cached so that reads do no decoding, and handed to observers.
@usableFromInline
final class DecodedValue<Value: Sendable>: Sendable {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

/// What the container knows about one key path: its key, where it is stored, and its decoded value.
///
/// A class, so that a read copies one reference out of the key table. Unchecked `Sendable`: ``decoded`` and
/// ``aliases`` are read and written only under the container's lock; everything else is immutable. The typed
/// work (decoding, comparing) is done by ``TypedKeyBinding``, its one subclass.
@usableFromInline
class KeyBinding: @unchecked Sendable {
    /// The key path itself, held so that its object identity (a key of the identity map) is never reused.
    let keyPath: AnyKeyPath
    /// The cached stored value of the key, shared by every key path bound to the same stored name.
    @usableFromInline let entry: KeyEntry
    /// The stored form of the key's default value (nil when it has none, or cannot be encoded).
    let storedDefault: PreferenceValue?
    /// Whether the key's value is secret (kept out of log messages). Not used by reads.
    let isSecret: Bool
    /// Whether every read asks the store (``PreferenceStore/requiresReadThrough``) instead of the cache.
    @usableFromInline let readsThrough: Bool
    /// The link to the key's store.
    @usableFromInline let link: StoreLink
    /// The current value, decoded; nil until the next read decodes it.
    @exclusivity(unchecked) @usableFromInline var decoded: (any AnyObject & Sendable)?  // under the container's lock
    /// Whether ``decoded`` is the default standing in for a stored value that is not valid.
    @exclusivity(unchecked) var decodedUsedDefault = false
    /// Other objects for the same key path (each call site of a key path literal is its own object),
    /// held so that their identities, keys of the identity map, are never reused.
    @exclusivity(unchecked) var aliases: [AnyKeyPath] = []

    init(keyPath: AnyKeyPath, entry: KeyEntry, link: StoreLink, storedDefault: PreferenceValue?, isSecret: Bool) {
        self.keyPath = keyPath
        self.isSecret = isSecret
        self.entry = entry
        self.link = link
        self.storedDefault = storedDefault
        self.readsThrough = link.requiresReadThrough
    }

    @usableFromInline var storedKey: StoredKey { entry.storedKey }

    /// Decodes a stored value (nil: the default) into a ``DecodedValue`` box: the one decoding of the container.
    /// A stored value that is not valid decodes as the default, `usedDefault` is then true, and the problem is
    /// reported (once per stored value: callers cache the box until the value changes).
    func decodeBox(_ stored: PreferenceValue?, logger: Logger) -> (box: any AnyObject & Sendable, usedDefault: Bool) {
        fatalError("overridden by TypedKeyBinding")
    }

    /// Checks that a stored value is a valid value of the key.
    ///
    /// - Throws: The decoding error when it is not.
    func validate(_ stored: PreferenceValue) throws {
        fatalError("overridden by TypedKeyBinding")
    }

    /// The stored form a reader sees: the stored value, or the default's when there is none or it is not valid.
    /// Two stored values read the same exactly when these are equal: the one definition of "changed" (NaN is the
    /// same as NaN, -0.0 is not 0.0, dates bit for bit) applied to what readers get.
    func visibleStoredForm(_ stored: PreferenceValue?, usedDefault: Bool) -> PreferenceValue? {
        stored == nil || usedDefault ? storedDefault : stored
    }
}

/// The binding of a key path whose value type is known: decodes and reports like its key.
@usableFromInline
final class TypedKeyBinding<Value: Sendable>: KeyBinding, @unchecked Sendable {
    @usableFromInline let key: PreferenceKeys.Key<Value>

    init(
        keyPath: AnyKeyPath, key: PreferenceKeys.Key<Value>, entry: KeyEntry, link: StoreLink,
        storedDefault: PreferenceValue?
    ) {
        self.key = key
        super.init(keyPath: keyPath, entry: entry, link: link, storedDefault: storedDefault, isSecret: key.isSecret)
    }

    override func decodeBox(
        _ stored: PreferenceValue?,
        logger: Logger
    ) -> (box: any AnyObject & Sendable, usedDefault: Bool) {
        let (value, usedDefault) = key.decode(stored, reportingTo: logger, as: "\(storedKey)")
        return (DecodedValue(value), usedDefault)
    }

    override func validate(_ stored: PreferenceValue) throws {
        _ = try key.decodeValue(stored)
    }

    /// The value in a box this binding made.
    @inlinable static func value(in box: any AnyObject & Sendable) -> Value {
        unsafeDowncast(box as AnyObject, to: DecodedValue<Value>.self).value
    }
}
