/// An open-addressing table of row indexes (of bindings or entries), each with a tag that places it and tells most
/// misses apart: an object's address, which is the whole key (the key path table), or 32 bits of a name's hash, whose
/// name stays in its row (the entry table). A lookup multiplies the tag and probes, without the standard hasher's
/// SipHash (about 90 instructions for a pointer) and without holding a key a second time.
struct IndexTable<Tag: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable {
    private var tags: [Tag] = []
    /// The row of each slot, plus one; 0 is an empty slot.
    private var rows: [Int32] = []
    private(set) var count = 0

    /// The row of a tag that `matches` accepts (for a tag that is the whole key, any row with it).
    @inline(__always)
    func row(tagged tag: Tag, where matches: (Int32) -> Bool = { _ in true }) -> Int32? {
        guard count > 0 else { return nil }
        let mask = rows.count &- 1
        var slot = Self.slot(of: tag, mask: mask)
        while rows[slot] != 0 {
            if tags[slot] == tag, matches(rows[slot] &- 1) { return rows[slot] &- 1 }
            slot = (slot &+ 1) & mask
        }
        return nil
    }

    /// Adds a row under its tag.
    mutating func insert(_ row: Int32, tagged tag: Tag) {
        if (count + 1) * 4 > rows.count * 3 { grow() }
        place(tag, row + 1)
        count += 1
    }

    /// The slot a tag starts probing at: the product's high half (Fibonacci hashing mixes the low bits of addresses,
    /// which alignment leaves at zero). `multipliedReportingOverflow` rather than `&*`, whose generic form needs
    /// macOS 15.
    @inline(__always)
    private static func slot(of tag: Tag, mask: Int) -> Int {
        let product = UInt64(truncatingIfNeeded: tag).multipliedReportingOverflow(by: 0x9E37_79B9_7F4A_7C15)
        return Int(truncatingIfNeeded: product.partialValue &>> 32) & mask
    }

    private mutating func place(_ tag: Tag, _ storedRow: Int32) {
        let mask = rows.count - 1
        var slot = Self.slot(of: tag, mask: mask)
        while rows[slot] != 0 { slot = (slot + 1) & mask }
        tags[slot] = tag
        rows[slot] = storedRow
    }

    /// Doubles the slots (at least 16) and places every row again, by its tag.
    private mutating func grow() {
        let old = zip(tags, rows).filter { $0.1 != 0 }
        let slots = max(16, rows.count * 2)
        tags = Array(repeating: 0, count: slots)
        rows = Array(repeating: 0, count: slots)
        for (tag, storedRow) in old { place(tag, storedRow) }
    }
}
