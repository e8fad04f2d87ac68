/// The key paths a container has bound, found by identity on the hot path and by equality otherwise.
@usableFromInline
struct KeyTable: Sendable {
    /// Bindings by key path object: a key path literal is one object, so a read hashes a pointer instead of the key
    /// path's components. Bounded, for apps that build key paths dynamically.
    @usableFromInline private(set) var byIdentity: [ObjectIdentifier: KeyBinding] = [:]
    /// Bindings by key path equality: the fallback for key paths that are new objects.
    private(set) var byKeyPath: [KeyPathID: KeyBinding] = [:]
    static let identityLimit = 4_096

    /// The binding of a key path object, found by identity only: the read path.
    @inlinable func binding(identifiedBy identity: ObjectIdentifier) -> KeyBinding? { byIdentity[identity] }

    /// The binding of a key path, by identity or else by equality; a key path found by equality is remembered by
    /// identity too, while the map has room. The binding retains the object, so its identity is never reused.
    mutating func binding(for id: KeyPathID) -> KeyBinding? {
        let identity = ObjectIdentifier(id.keyPath)
        if let binding = byIdentity[identity] { return binding }
        guard let binding = byKeyPath[id] else { return nil }
        if byIdentity.count < Self.identityLimit {
            binding.aliases.append(id.keyPath)
            byIdentity[identity] = binding
        }
        return binding
    }

    /// Adds a binding made for the key path `id` names; if another thread bound it meanwhile, returns that binding
    /// instead.
    mutating func insert(_ binding: KeyBinding, as id: KeyPathID) -> KeyBinding {
        if let existing = byKeyPath[id] { return existing }
        byKeyPath[id] = binding
        if byIdentity.count < Self.identityLimit { byIdentity[ObjectIdentifier(binding.keyPath)] = binding }
        binding.entry.bindings.append(binding)
        return binding
    }

    /// Every binding, for tools that handle the keys the container has used.
    var all: [KeyBinding] { Array(byKeyPath.values) }
}
