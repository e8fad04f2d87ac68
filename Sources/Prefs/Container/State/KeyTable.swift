/// The key paths a container has bound, found by identity on the hot path and by equality otherwise.
struct KeyTable: @unchecked Sendable {  // key paths are immutable
    /// Bindings by key path object: a key path literal is one object, so a read hashes a pointer instead of the key
    /// path's components. Bounded, for apps that build key paths dynamically.
    private var byIdentity = IdentityTable()
    /// Bindings by key path equality: the fallback for key paths that are new objects. Its keys hold the key path
    /// objects of `byIdentity`'s first entries, so that their identities are never reused.
    private var byKeyPath: [KeyPathID: BindingID] = [:]
    /// Other objects for bound key paths, held so that their identities, keys of `byIdentity`, are never reused.
    private var aliases: [AnyKeyPath] = []
    static let identityLimit = 4_096

    /// The binding of a key path object, found by identity only: the read path.
    @inline(__always)
    func binding(identifiedBy identity: ObjectIdentifier) -> BindingID? { byIdentity[identity] }

    /// The binding of a key path, by identity or else by equality; a key path found by equality is remembered by
    /// identity too, while the map has room.
    mutating func binding(for id: KeyPathID) -> BindingID? {
        let identity = ObjectIdentifier(id.keyPath)
        if let binding = byIdentity[identity] { return binding }
        guard let binding = byKeyPath[id] else { return nil }
        if byIdentity.count < Self.identityLimit {
            aliases.append(id.keyPath)
            byIdentity.insert(binding, for: identity)
        }
        return binding
    }

    /// Adds a new binding for the key path `id` names.
    mutating func insert(_ binding: BindingID, as id: KeyPathID) {
        byKeyPath[id] = binding
        if byIdentity.count < Self.identityLimit { byIdentity.insert(binding, for: ObjectIdentifier(id.keyPath)) }
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

/// Bindings by object identity: an open-addressing table whose slots are found by the pointer's bits (Fibonacci
/// hashing), so that a read costs a multiply and a probe or two instead of the standard hasher's SipHash of the pointer
/// (about 90 instructions).
struct IdentityTable: Sendable {
    /// The identities, as integers; 0 is an empty slot (no object lives at address 0).
    private var identities: [UInt] = []
    private var bindings: [Int32] = []
    private(set) var count = 0
    /// 64 minus the base-2 logarithm of the slot count: the top bits of the product pick the slot.
    private var shift = 64

    /// The binding of an object, if it has one.
    @inline(__always)
    subscript(_ identity: ObjectIdentifier) -> BindingID? {
        guard count > 0 else { return nil }
        let key = UInt(bitPattern: identity)
        let mask = identities.count &- 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> UInt(shift))
        while true {
            let found = identities[slot]
            if found == key { return BindingID(index: bindings[slot]) }
            if found == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// Adds an object's binding; the object must not have one yet.
    mutating func insert(_ binding: BindingID, for identity: ObjectIdentifier) {
        if (count + 1) * 4 > identities.count * 3 { grow() }
        place(UInt(bitPattern: identity), binding.index)
        count += 1
    }

    private mutating func place(_ key: UInt, _ binding: Int32) {
        let mask = identities.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> UInt(shift))
        while identities[slot] != 0 { slot = (slot + 1) & mask }
        identities[slot] = key
        bindings[slot] = binding
    }

    /// Doubles the slots (at least 16) and places every entry again.
    private mutating func grow() {
        let old = zip(identities, bindings).filter { $0.0 != 0 }
        let slots = max(16, identities.count * 2)
        identities = Array(repeating: 0, count: slots)
        bindings = Array(repeating: 0, count: slots)
        shift = 64 - slots.trailingZeroBitCount
        for (key, binding) in old { place(key, binding) }
    }
}
