/// A weak reference, for registries and lists of objects that must not be kept alive by being listed.
struct WeakReference<Object: AnyObject>: @unchecked Sendable {  // only ever read: the object itself is Sendable
    weak var object: Object?
}

/// Objects by key, held weakly: an entry lives while someone else holds its object. The one registry of live
/// objects (store links by store, shared containers by defaults domain).
final class WeakRegistry<Key: Hashable & Sendable, Object: AnyObject & Sendable>: Sendable {
    private let entries = Lock<[Key: WeakReference<Object>]>([:])

    init() {}

    /// The live object registered under `key`, if any.
    func object(for key: Key) -> Object? { entries.withLock { $0[key]?.object } }

    /// The live object under `key`, or the one `make` returns, registered now. `make` runs outside the registry's
    /// lock (it may take time or take other locks); if another thread registered an object meanwhile, that one wins.
    ///
    /// - Returns: The object, and whether it is the one `make` returned.
    func object(for key: Key, orMake make: () -> Object) -> (object: Object, isNew: Bool) {
        if let existing = object(for: key) { return (existing, false) }
        let created = make()
        return entries.withLock { entries in
            if let existing = entries[key]?.object { return (existing, false) }
            entries = entries.filter { $0.value.object != nil }
            entries[key] = WeakReference(object: created)
            return (created, true)
        }
    }

    /// Every live object.
    var objects: [Object] { entries.withLock { $0.values.compactMap(\.object) } }
}
