import PrefsTesting
import Testing

@testable import Prefs

/// The table that finds a key's row by the bits of its name and store on every read, and a row by its stored name on
/// every link update: every row inserted is found under its tag, and no other, across the table's growth.
@Suite struct IndexTableTests {
    @Test(arguments: [UInt64(0x5eed), 0x9e37_79b9, 0xdead_beef])
    func everyAddressIsFoundWithItsRowAndNoOther(seed: UInt64) {
        var generator = PreferenceValueGenerator(seed: seed)
        // Addresses as the allocator hands them out (16-byte aligned, close together) and far apart, and multiples of
        // a large power of two, whose low bits are all zero.
        let addresses: [UInt] =
            (1...600).map { 0x5555_0000_0000 + UInt($0) * 16 }
            + (0..<300).map { _ in UInt.random(in: 1...UInt(UInt32.max), using: &generator) << 4 }
            + (1...100).map { UInt($0) << 32 }
        var table = IndexTable<UInt>()
        var inserted: [UInt: Int32] = [:]
        for (row, address) in addresses.enumerated() where inserted[address] == nil {
            #expect(table.row(tagged: address) == nil)
            table.insert(Int32(row), tagged: address)
            inserted[address] = Int32(row)
        }
        #expect(table.count == inserted.count)
        for (address, row) in inserted { #expect(table.row(tagged: address) == row) }
        for _ in 0..<1_000 {
            #expect(table.row(tagged: UInt.random(in: 1...UInt(UInt32.max), using: &generator) << 4 | 8) == nil)
        }
    }

    /// Names tagged by 32 bits of their hash, checked against the rows: names that share a tag (forced here) are told
    /// apart by the check, and names that differ only in normalization are one name, as in a `Dictionary`.
    @Test(arguments: [UInt64(0x5eed), 0x9e37_79b9])
    func namesAreFoundThroughTheirRowsEvenWhenTheirTagsCollide(seed: UInt64) {
        var generator = PreferenceValueGenerator(seed: seed)
        let names =
            (0..<700).map { "bulk.\($0)" } + ["", "é", "e\u{301}", "a\0b", "a\0c"]
            + (0..<300).map { _ in generator.key() }
        for tag in [{ (name: String) in UInt32(truncatingIfNeeded: name.hashValue) }, { _ in UInt32(7) }] {
            var rows: [String] = []
            var table = IndexTable<UInt32>()
            for name in names where table.row(tagged: tag(name), where: { rows[Int($0)] == name }) == nil {
                table.insert(Int32(rows.count), tagged: tag(name))
                rows.append(name)
            }
            #expect(rows.count == Set(names).count)
            for (row, name) in rows.enumerated() {
                #expect(table.row(tagged: tag(name), where: { rows[Int($0)] == name }) == Int32(row))
            }
            #expect(table.row(tagged: tag("absent·"), where: { rows[Int($0)] == "absent·" }) == nil)
        }
    }

    @Test func anEmptyTableFindsNothing() {
        #expect(IndexTable<UInt>().row(tagged: 16) == nil)
    }
}
