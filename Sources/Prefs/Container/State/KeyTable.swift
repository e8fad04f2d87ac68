/// The key paths a container has bound, found by identity on the hot path and by equality otherwise.
struct KeyTable: @unchecked Sendable {  // key paths are immutable
    /// Bindings by key path object, tagged by its address: a key path literal is one object, so a read looks a
    /// pointer up instead of hashing the key path's components. Bounded, for apps that build key paths dynamically.
    private var byIdentity = IndexTable<UInt>()
    /// Bindings by key path equality: the fallback for key paths that are new objects. Its keys hold the key path
    /// objects of `byIdentity`'s first entries, so that their identities are never reused.
    private var byKeyPath: [KeyPathID: BindingID] = [:]
    /// Other objects for bound key paths, held so that their identities, keys of `byIdentity`, are never reused.
    private var aliases: [AnyKeyPath] = []
    static let identityLimit = 4_096

    /// The binding of a key path object, found by identity only: the read path.
    @inline(__always)
    func binding(identifiedBy identity: ObjectIdentifier) -> BindingID? {
        byIdentity.row(tagged: UInt(bitPattern: identity)).map(BindingID.init)
    }

    /// The binding of a key path, by identity or else by equality; a key path found by equality is remembered by
    /// identity too, while the map has room.
    mutating func binding(for id: KeyPathID) -> BindingID? {
        if let binding = binding(identifiedBy: ObjectIdentifier(id.keyPath)) { return binding }
        guard let binding = byKeyPath[id] else { return nil }
        if byIdentity.count < Self.identityLimit {
            aliases.append(id.keyPath)
            byIdentity.insert(binding.index, tagged: UInt(bitPattern: ObjectIdentifier(id.keyPath)))
        }
        return binding
    }

    /// Adds a new binding for the key path `id` names.
    mutating func insert(_ binding: BindingID, as id: KeyPathID) {
        byKeyPath[id] = binding
        if byIdentity.count < Self.identityLimit {
            byIdentity.insert(binding.index, tagged: UInt(bitPattern: ObjectIdentifier(id.keyPath)))
        }
    }
}

/// A key path used as a dictionary key. Key paths are immutable, so sharing them is safe.
///
/// Hashing a key path walks its components (and hashes a subscript's arguments): the hash is computed once, when
/// the ID is made, and a lookup followed by an insert reuses it.
@usableFromInline
struct KeyPathID: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
    private let hash: Int

    init(keyPath: AnyKeyPath) {
        self.keyPath = keyPath
        self.hash = keyPath.hashValue
    }

    @usableFromInline static func == (lhs: KeyPathID, rhs: KeyPathID) -> Bool {
        lhs.hash == rhs.hash && lhs.keyPath == rhs.keyPath
    }

    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
