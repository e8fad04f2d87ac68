/// The key paths a container has bound, found by identity on the hot path and by equality otherwise.
struct KeyTable: @unchecked Sendable {  // key paths are immutable
    /// Bindings by key path object, tagged by its address: a key path literal is one object, so a read looks a
    /// pointer up instead of hashing the key path's components. Bounded, for apps that build key paths dynamically.
    private var byIdentity = IndexTable<UInt>()
    /// Bindings by key path equality, tagged by 32 bits of the key path's hash (its rows tell the rest apart): the
    /// fallback for key paths that are new objects.
    private var byHash = IndexTable<UInt32>()
    /// The key path each binding was made from, by binding: what a lookup by equality compares. It holds the objects
    /// `byIdentity` first knew them by, so that their identities are never reused.
    private var keyPaths: [AnyKeyPath] = []
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
        let keyPaths = keyPaths
        guard let row = byHash.row(tagged: id.tag, where: { keyPaths[Int($0)] == id.keyPath }) else { return nil }
        if byIdentity.count < Self.identityLimit {
            aliases.append(id.keyPath)
            byIdentity.insert(row, tagged: UInt(bitPattern: ObjectIdentifier(id.keyPath)))
        }
        return BindingID(index: row)
    }

    /// Adds a new binding (the next one, by index) for the key path `id` names.
    mutating func insert(_ binding: BindingID, as id: KeyPathID) {
        precondition(Int(binding.index) == keyPaths.count, "Prefs: bindings are added in order")
        keyPaths.append(id.keyPath)
        byHash.insert(binding.index, tagged: id.tag)
        if byIdentity.count < Self.identityLimit {
            byIdentity.insert(binding.index, tagged: UInt(bitPattern: ObjectIdentifier(id.keyPath)))
        }
    }
}

/// A key path and its hash. Key paths are immutable, so sharing them is safe.
///
/// Hashing a key path walks its components (and hashes a subscript's arguments): the hash is computed once, when
/// the ID is made, and a lookup followed by an insert reuses it.
@usableFromInline
struct KeyPathID: @unchecked Sendable {
    let keyPath: AnyKeyPath
    /// 32 bits of the key path's hash, the tag of ``KeyTable``'s table by equality.
    let tag: UInt32

    init(keyPath: AnyKeyPath) {
        self.keyPath = keyPath
        self.tag = UInt32(truncatingIfNeeded: keyPath.hashValue)
    }
}
