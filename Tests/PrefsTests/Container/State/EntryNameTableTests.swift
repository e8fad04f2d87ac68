import PrefsTesting
import Testing

@testable import Prefs

/// The table that finds a cached entry by stored name on every write and outside change: every name inserted is found
/// with its entry, no other name is, across the table's growth, with hostile names (generated, and names that differ
/// only in their last scalar or in normalization).
@Suite struct EntryNameTableTests {
    @Test(arguments: [UInt64(0x5eed), 0x9e37_79b9, 0xdead_beef])
    func everyInsertedNameIsFoundWithItsEntryAndNoOther(seed: UInt64) {
        var generator = PreferenceValueGenerator(seed: seed)
        var names = (0..<700).map { "bulk.\($0)" } + ["", "é", "e\u{301}", "a\0b", "a\0c"]
        names += (0..<300).map { _ in generator.key() }
        var entries: [EntryRow] = []
        var table = EntryNameTable()
        for name in names {
            switch table.lookup(name, in: entries) {
            case .found(let entry): #expect(entries[entry].name == name)
            case .missing(let hash):
                let entry = EntryID(index: Int32(entries.count))
                entries.append(EntryRow(name: name, slot: 0, value: nil, sequence: 0, isOverridden: false))
                table.insert(entry, hash: hash)
            }
        }
        #expect(Set(entries.map(\.name)).count == entries.count)
        for (index, row) in entries.enumerated() {
            #expect(table.entry(named: row.name, in: entries) == EntryID(index: Int32(index)))
        }
        let stored = Set(entries.map(\.name))
        for _ in 0..<1_000 {
            let other = generator.key() + "·"
            if !stored.contains(other) { #expect(table.entry(named: other, in: entries) == nil) }
        }
    }

    @Test func anEmptyTableFindsNothing() {
        #expect(EntryNameTable().entry(named: "count", in: []) == nil)
    }
}
