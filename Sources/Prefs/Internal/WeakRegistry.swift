/// A weak reference, for registries and lists of objects that must not be kept alive by being listed.
struct WeakReference<Object: AnyObject>: @unchecked Sendable {  // only ever read: the object itself is Sendable
    weak var object: Object?
}

/// Objects by key, held weakly: an entry lives while someone else holds its object. The one registry of live
/// objects (store links by store, shared containers by defaults domain).
///
/// A registry holds few objects: its entries are an array searched in order, and `Key` is constrained in an
/// extension, not here (a constraint of the type, or a dictionary keyed by `Key`, is checked at run time the first
/// time the registry is made: a search of every loaded conformance, about 360,000 instructions at a launch).
final class WeakRegistry<Key: Sendable, Object: AnyObject & Sendable>: Sendable {
    private let entries = Lock<[(key: Key, object: WeakReference<Object>)]>([])

    init() {}
}

extension WeakRegistry where Key: Equatable {
    /// The live object registered under `key`, if any.
    func object(for key: Key) -> Object? { entries.withLock { Self.object(for: key, in: $0) } }

    /// The live object under `key`, or the one `make` returns, registered now. `make` runs outside the registry's
    /// lock (it may take time or take other locks); if another thread registered an object meanwhile, that one wins.
    ///
    /// - Returns: The object, and whether it is the one `make` returned.
    func object(for key: Key, orMake make: () -> Object) -> (object: Object, isNew: Bool) {
        if let existing = object(for: key) { return (existing, false) }
        let created = make()
        return entries.withLock { entries in
            if let existing = Self.object(for: key, in: entries) { return (existing, false) }
            entries.removeAll { $0.object.object == nil }
            entries.append((key, WeakReference(object: created)))
            return (created, true)
        }
    }

    /// Every live object.
    var objects: [Object] { entries.withLock { $0.compactMap(\.object.object) } }

    private static func object(for key: Key, in entries: [(key: Key, object: WeakReference<Object>)]) -> Object? {
        entries.first { $0.key == key }?.object.object
    }
}
