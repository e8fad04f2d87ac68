/// The keys a container has bound, found by their identity (name, store, value type) on the hot path.
///
/// A key is looked up by the bits of its name's and store's `String`s first: a literal name has the same bits every
/// time its key is evaluated (inline bytes, or the address of the literal), so a read compares five words instead of
/// hashing the name. A name made at run time has new bits each time; it is found by its contents, then remembered by
/// its bits too while the table of bits has room. Every `String` whose bits are a tag here is kept, so that no
/// other string can take its bits while it is in the table.
struct KeyTable: Sendable {
    /// Rows of ``identities``, by their bits.
    private var byBits = IndexTable<UInt>()
    /// Rows of ``identities`` that bindings were made from, by 32 bits of their key's hash: the fallback for names
    /// made at run time.
    private var byContents = IndexTable<UInt32>()
    /// Each key as seen, known by its bits: the one each binding was made from, then others of the same contents
    /// (names made at run time), while there are fewer than ``aliasLimit``. Holding them keeps the strings whose
    /// bits are tags alive.
    private var identities: [KeyIdentity] = []
    /// The binding of each row of ``identities``.
    private var bindingOfIdentity: [BindingID] = []
    private var aliasCount = 0
    static let aliasLimit = 4_096

    /// The binding of a key, found by the bits of its identity only: the read path.
    @inline(__always)
    func binding(matching identity: KeyIdentity) -> BindingID? {
        guard StringBits.areReliable,
            let row = byBits.row(tagged: identity.bitsTag, where: { identities[Int($0)].hasSameBits(as: identity) })
        else { return nil }
        return bindingOfIdentity[Int(row)]
    }

    /// The binding of a key that its bits did not find, by its contents (``KeyIdentity/contentTag``); a key found so
    /// is remembered by its bits too, while there is room (and where bits find keys at all).
    mutating func binding(byContentsOf identity: KeyIdentity, tagged tag: UInt32) -> BindingID? {
        guard
            let row = byContents.row(tagged: tag, where: { identities[Int($0)] == identity })
        else { return nil }
        let binding = bindingOfIdentity[Int(row)]
        if StringBits.areReliable && aliasCount < Self.aliasLimit {
            aliasCount += 1
            remember(identity, as: binding)
        }
        return binding
    }

    /// Adds a new binding (the next one, by index) for a key found nowhere.
    mutating func insert(_ binding: BindingID, as key: UnboundKey) {
        byContents.insert(Int32(identities.count), tagged: key.contentTag)
        remember(key.identity, as: binding)
    }

    private mutating func remember(_ identity: KeyIdentity, as binding: BindingID) {
        if StringBits.areReliable { byBits.insert(Int32(identities.count), tagged: identity.bitsTag) }
        identities.append(identity)
        bindingOfIdentity.append(binding)
    }
}
