/// An open-addressing table of row indexes, each with a tag that places it and tells most
/// misses apart: an object's address, which is the whole key (key paths by identity), or 32 bits of a hash whose key
/// stays in its row (key paths by equality, rows by stored name). A lookup multiplies the tag and probes, without
/// the standard hasher's SipHash (about 90 instructions for a pointer) and without holding a key a second time.
///
/// `Tag` is constrained in an extension, not here: a constraint of the type itself would be checked at run time
/// (a search of every loaded conformance, about 460,000 instructions) the first time each table type is made.
struct IndexTable<Tag: Sendable>: Sendable {
    /// A slot: the tag, and its row plus one (0: empty).
    private struct Slot: Sendable {
        var tag: Tag
        var storedRow: Int32
    }

    private var slots: [Slot] = []
    private(set) var count = 0
}

extension IndexTable where Tag: FixedWidthInteger & UnsignedInteger {

    /// The row of a tag that `matches` accepts (for a tag that is the whole key, any row with it).
    @inline(__always)
    func row(tagged tag: Tag, where matches: (Int32) -> Bool = { _ in true }) -> Int32? {
        guard count > 0 else { return nil }
        let mask = slots.count &- 1
        var index = Self.start(of: tag, mask: mask)
        while slots[index].storedRow != 0 {
            let slot = slots[index]
            if slot.tag == tag, matches(slot.storedRow &- 1) { return slot.storedRow &- 1 }
            index = (index &+ 1) & mask
        }
        return nil
    }

    /// Adds a row under its tag.
    mutating func insert(_ row: Int32, tagged tag: Tag) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        place(Slot(tag: tag, storedRow: row + 1))
        count += 1
    }

    /// The slot a tag starts probing at: the product's high half (Fibonacci hashing mixes the low bits of addresses,
    /// which alignment leaves at zero). `multipliedReportingOverflow` rather than `&*`, whose generic form needs
    /// macOS 15.
    @inline(__always)
    private static func start(of tag: Tag, mask: Int) -> Int {
        let product = UInt64(truncatingIfNeeded: tag).multipliedReportingOverflow(by: 0x9E37_79B9_7F4A_7C15)
        return Int(truncatingIfNeeded: product.partialValue &>> 32) & mask
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Self.start(of: slot.tag, mask: mask)
        while slots[index].storedRow != 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// Doubles the slots (at least 16) and places every row again, by its tag.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(tag: 0, storedRow: 0), count: max(16, slots.count * 2))
        for slot in old where slot.storedRow != 0 { place(slot) }
    }
}
