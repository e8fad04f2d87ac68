/// The cached entries of one store slot, found by stored name: an open-addressing table of entry indexes, each with 32
/// bits of its name's hash. The names themselves stay in the entry rows, so that a name is held once, not twice (a
/// `Dictionary` keyed by name took 20 bytes a slot, this takes 8).
struct EntryNameTable: Sendable {
    /// A slot: the low 32 bits of the name's hash (they also place it), and the entry's index plus one (0: empty).
    private struct Slot: Sendable {
        var hash: UInt32 = 0
        var entry: Int32 = 0
    }

    private var slots: [Slot] = []
    private var count = 0

    /// What a lookup found: the entry, or the name's hash, for an insert that follows.
    enum Lookup {
        case found(EntryID)
        case missing(hash: UInt32)
    }

    /// The entry of a stored name, if it is cached.
    func entry(named name: String, in entries: [EntryRow]) -> EntryID? {
        if case .found(let entry) = lookup(name, in: entries) { return entry }
        return nil
    }

    /// Looks a stored name up, hashing it once.
    func lookup(_ name: String, in entries: [EntryRow]) -> Lookup {
        let hash = UInt32(truncatingIfNeeded: name.hashValue)
        guard count > 0 else { return .missing(hash: hash) }
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].entry != 0 {
            let slot = slots[index]
            if slot.hash == hash, entries[Int(slot.entry) - 1].name == name {
                return .found(EntryID(index: slot.entry - 1))
            }
            index = (index + 1) & mask
        }
        return .missing(hash: hash)
    }

    /// Adds an entry whose name a lookup found missing, with the hash it returned.
    mutating func insert(_ entry: EntryID, hash: UInt32) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        place(Slot(hash: hash, entry: entry.index + 1))
        count += 1
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Int(slot.hash) & mask
        while slots[index].entry != 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// Doubles the slots (at least 16) and places every entry again, by the hash bits it keeps.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: max(16, slots.count * 2))
        for slot in old where slot.entry != 0 { place(slot) }
    }
}
