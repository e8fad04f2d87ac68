import PrefsTesting
import Testing

@testable import Prefs

/// The table that finds a key path's binding by the object's identity on every read: every identity inserted is
/// found with its binding, and no other, across the table's growth, with addresses that collide in the slot bits.
@Suite struct IdentityTableTests {
    @Test(arguments: [UInt64(0x5eed), 0x9e37_79b9, 0xdead_beef])
    func everyInsertedIdentityIsFoundAndNoOther(seed: UInt64) {
        var generator = PreferenceValueGenerator(seed: seed)
        var table = IdentityTable()
        var inserted: [UInt: Int32] = [:]
        // Addresses as the allocator hands them out (16-byte aligned, close together) and far apart, and multiples of
        // a large power of two, whose Fibonacci hashes share their top bits less than their low bits suggest.
        let addresses: [UInt] =
            (1...600).map { 0x5555_0000_0000 + UInt($0) * 16 }
            + (0..<300).map { _ in UInt.random(in: 1...UInt(UInt32.max), using: &generator) << 4 }
            + (1...100).map { UInt($0) << 32 }
        for (index, address) in addresses.enumerated() where inserted[address] == nil {
            #expect(table[ObjectIdentifier(bitPattern: address)] == nil)
            table.insert(BindingID(index: Int32(index)), for: ObjectIdentifier(bitPattern: address))
            inserted[address] = Int32(index)
        }
        #expect(table.count == inserted.count)
        for (address, index) in inserted {
            #expect(table[ObjectIdentifier(bitPattern: address)] == BindingID(index: index))
        }
        for _ in 0..<1_000 {
            let address = UInt.random(in: 1...UInt(UInt32.max), using: &generator) << 4 | 8
            #expect(table[ObjectIdentifier(bitPattern: address)] == nil)
        }
    }

    @Test func anEmptyTableFindsNothing() {
        #expect(IdentityTable()[ObjectIdentifier(IdentityTableTests.self)] == nil)
    }
}

extension ObjectIdentifier {
    /// An identifier for an address, for tables keyed by identity.
    fileprivate init(bitPattern: UInt) {
        self = unsafeBitCast(bitPattern, to: ObjectIdentifier.self)
    }
}
