internal import Foundation

/// What tells keys apart in a container: the stored name, the store, the value type and the key's variant (the keys
/// of `@Persistence` properties with different defaults). Declarations that agree on all four are one key: keys are
/// declared once, and if one is declared twice the first one read decides its default, codec and former names.
@usableFromInline
struct KeyIdentity: Sendable, Equatable {
    @usableFromInline let name: String
    @usableFromInline let store: String
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let variant: UInt

    @inlinable
    init<Value>(_ key: PreferenceKeys.Key<Value>) {
        name = key.name
        store = key.storeID.name
        type = ObjectIdentifier(Value.self)
        variant = key.variant
    }

    /// The tag of this identity's bits in ``KeyTable``'s table by bits: the words multiplied by odd constants (a
    /// bijection each), summed, then mixed so that every bit of every word reaches the low bits the table uses.
    @inlinable
    var bitsTag: UInt {
        let name = StringBits(name)
        let store = StringBits(store)
        let sum =
            Self.times(UInt64(name.first), 0x9E37_79B9_7F4A_7C15)
            &+ Self.times(UInt64(name.second), 0xC2B2_AE3D_27D4_EB4F)
            &+ Self.times(UInt64(store.first), 0x1656_67B1_9E37_79F9)
            &+ Self.times(UInt64(store.second), 0x27D4_EB2F_1656_67C5)
            &+ Self.times(UInt64(UInt(bitPattern: type)), 0x94D0_49BB_1331_11EB) &+ UInt64(variant)
        return UInt(truncatingIfNeeded: Self.mix(sum))
    }

    /// The tag of this identity's contents in ``KeyTable``'s table by contents: its name's UTF-8 bytes hashed
    /// (FNV-1a), its type and variant, mixed. The store is left out (keys of one name in two stores are rare, and
    /// the table compares whole identities).
    var contentTag: UInt32 {
        var hash = Self.hashSeed
        Self.hash(name, into: &hash)
        let sum = hash &+ Self.times(UInt64(UInt(bitPattern: type)), 0x94D0_49BB_1331_11EB) &+ UInt64(variant)
        return UInt32(truncatingIfNeeded: Self.mix(sum))
    }

    /// The start of an FNV-1a hash.
    static let hashSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// 32 bits of a string's hash: cheaper than `hashValue` (no per-process seed to mix in, which stored names
    /// written by this app do not need).
    static func tag(of string: String) -> UInt32 {
        var hash = hashSeed
        Self.hash(string, into: &hash)
        return UInt32(truncatingIfNeeded: mix(hash))
    }

    /// Adds a string's UTF-8 bytes to an FNV-1a hash, then a byte no UTF-8 has, so that "ab" and "c" do not hash
    /// as "a" and "bc". Names that Swift's `==` calls equal hash alike, as the tables compare names with `==` (and
    /// the file's format and the link do too): a name that is not all ASCII is hashed in its composed normal form
    /// (NFC), so that a precomposed "é" and "e" with a combining accent, or the Kelvin sign and "K", are one key.
    /// ASCII is its own normal form.
    private static func hash(_ string: String, into hash: inout UInt64) {
        var string = string
        let start = hash
        if string.withUTF8({ add($0, to: &hash) }) >= 0x80 {  // not all ASCII
            hash = start
            _ = add(string.precomposedStringWithCanonicalMapping.utf8, to: &hash)
        }
        hash = times(hash ^ 0xFF, 0x0000_0100_0000_01B3)
    }

    /// Adds bytes to an FNV-1a hash; returns their bitwise OR (below 0x80 when they are all ASCII).
    private static func add(_ bytes: some Sequence<UInt8>, to hash: inout UInt64) -> UInt8 {
        var seen: UInt8 = 0
        for byte in bytes {
            seen |= byte
            hash = times(hash ^ UInt64(byte), 0x0000_0100_0000_01B3)
        }
        return seen
    }

    /// A wrapping product (the generic `&*` of `FixedWidthInteger` needs macOS 15; `&*=` does not).
    @inlinable
    static func times(_ left: UInt64, _ right: UInt64) -> UInt64 {
        var product = left
        product &*= right
        return product
    }

    /// A 64-bit finalizer (MurmurHash3's): every input bit moves about half the output bits.
    @inlinable
    static func mix(_ value: UInt64) -> UInt64 {
        var bits = value
        bits ^= bits &>> 33
        bits &*= 0xFF51_AFD7_ED55_8CCD
        bits ^= bits &>> 33
        bits &*= 0xC4CE_B9FE_1A85_EC53
        bits ^= bits &>> 33
        return bits
    }

    /// Whether both identities' strings have the same bits, which, while one of them is kept alive, means the same
    /// contents.
    @inlinable
    func hasSameBits(as other: KeyIdentity) -> Bool {
        type == other.type && variant == other.variant && StringBits(name) == StringBits(other.name)
            && StringBits(store) == StringBits(other.store)
    }
}

/// The bits of a `String` value: its inline bytes, or its count and flags and the address of its storage.
@usableFromInline
struct StringBits: Equatable {
    @usableFromInline let first: UInt
    @usableFromInline let second: UInt

    @inlinable
    init(_ string: String) {
        #if _pointerBitWidth(_64)
        (first, second) = unsafeBitCast(string, to: (UInt, UInt).self)
        #else
        (first, second) = (0, 0)
        #endif
    }

    /// Whether bits tell strings apart here: where a `String` is not two words, keys are found by contents only.
    @inlinable
    static var areReliable: Bool {
        #if _pointerBitWidth(_64)
        true
        #else
        false
        #endif
    }
}
