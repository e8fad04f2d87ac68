/// A change to hand to observers once the lock is released: a stored key's old and new visible values, the decoded
/// values the container already had (so nothing is decoded twice), and who to tell. A class, so that the queue moves
/// one reference; made only for keys that have observers.
final class Delivery: Sendable {
    let entry: KeyEntry
    /// The entry's sequence number right after the change: a decoded new value is cached only while it holds.
    let sequence: UInt64
    let old: PreferenceValue?
    let new: PreferenceValue?
    /// The decoded value each observed binding held before the change, if it held one.
    let oldDecoded: [ObjectIdentifier: (box: any AnyObject & Sendable, usedDefault: Bool)]
    /// The typed value of the local write that made the change, for its binding.
    let written: LocalWrite?
    let observers: [Observer]

    init(
        entry: KeyEntry, sequence: UInt64, old: PreferenceValue?, new: PreferenceValue?,
        oldDecoded: [ObjectIdentifier: (box: any AnyObject & Sendable, usedDefault: Bool)], written: LocalWrite?,
        observers: [Observer]
    ) {
        self.entry = entry
        self.sequence = sequence
        self.old = old
        self.new = new
        self.oldDecoded = oldDecoded
        self.written = written
        self.observers = observers
    }
}

/// What the container hands out, in order, outside its lock.
enum DeliveryItem: Sendable {
    /// A cached key with observers changed.
    case key(Delivery)
    /// A cached key without observers changed: only Observation (and observers of every key's name) hear it.
    case tracked(KeyEntry)
    /// A key the container has not cached changed (for observers of every key's name); the stored name.
    case name(String)
    /// A new observer's first value, queued with its registration so that it comes before every later change: the
    /// binding's decoded value if it had one, else the stored value to decode.
    case initial(Initial)

    /// The first value of a new observer (a class: the queue moves one reference).
    final class Initial: Sendable {
        let binding: KeyBinding
        let decoded: (any AnyObject & Sendable)?
        let stored: PreferenceValue?
        let deliver: @Sendable (any AnyObject & Sendable) -> Void

        init(
            binding: KeyBinding, decoded: (any AnyObject & Sendable)?, stored: PreferenceValue?,
            deliver: @escaping @Sendable (any AnyObject & Sendable) -> Void
        ) {
            self.binding = binding
            self.decoded = decoded
            self.stored = stored
            self.deliver = deliver
        }
    }
}
