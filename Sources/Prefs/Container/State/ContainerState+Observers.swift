/// The IDs of observers, the observers of each stored key, and the observers of every key's name
/// (``Preferences/changedKeys()``).
struct ObserverRegistry: Sendable {
    private var nextID: UInt64 = 0
    /// Observers removed before they were added (an async sequence cancelled while it was being set up).
    var retired: Set<UInt64> = []
    /// Observers of every key, told each changed key's name (without the container's prefix).
    var keyNameObservers: [UInt64: KeyNameObserver] = [:]
    /// The observers of each observed stored key, by ID (its row says that it has some).
    var byEntry: [EntryID: [UInt64: Observer]] = [:]

    /// A new observer ID, unique within the container.
    mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }
}

extension ContainerState {
    /// A new observer ID, unique within the container.
    mutating func makeObserverID() -> UInt64 { observers.makeID() }

    /// Adds an observer of a key path unless its ID was removed already. With `initial`, the key's value now is
    /// queued for it first, so that it comes before every later change.
    ///
    /// - Returns: The first queued change, when the caller claimed the delivery queue and must run the delivery loop.
    mutating func addObserver(
        _ observer: Observer, id: UInt64, initial: (@Sendable (DecodedStorage) -> Void)?
    ) -> QueuedDelivery? {
        guard observers.retired.remove(id) == nil else { return nil }
        let row = bindings[observer.binding]
        add(observer, id: id, to: row.entry)
        guard let initial else { return nil }
        deliveries.append(
            .initial(
                InitialValue(
                    key: row.key, name: entries[row.entry].name, decoded: row.decoded,
                    stored: visibleValue(of: row.entry), deliver: initial)))
        return claimDeliveries()
    }

    /// Adds an observer of a key path (unless its ID was removed already) and returns the key's value now: decoded
    /// if the binding holds it, else stored, to decode.
    mutating func addObserverReturningCurrent(
        _ observer: Observer, id: UInt64
    ) -> (decoded: Decoded?, stored: PreferenceValue?) {
        let row = bindings[observer.binding]
        if observers.retired.remove(id) == nil { add(observer, id: id, to: row.entry) }
        return (row.decoded, visibleValue(of: row.entry))
    }

    /// Removes an observer of a key path; one not added yet is remembered so that it is never added.
    mutating func removeObserver(_ id: UInt64, of binding: BindingID) {
        let entry = bindings[binding].entry
        guard observers.byEntry[entry]?.removeValue(forKey: id) != nil else {
            observers.retired.insert(id)
            return
        }
        if observers.byEntry[entry]?.isEmpty == true {
            observers.byEntry[entry] = nil
            entries[entry].isObserved = false
        }
    }

    private mutating func add(_ observer: Observer, id: UInt64, to entry: EntryID) {
        observers.byEntry[entry, default: [:]][id] = observer
        entries[entry].isObserved = true
    }

    /// Adds an observer of every key's name.
    mutating func addKeyNameObserver(_ observer: KeyNameObserver) -> UInt64 {
        let id = observers.makeID()
        observers.keyNameObservers[id] = observer
        return id
    }

    /// Removes an observer of every key's name.
    mutating func removeKeyNameObserver(_ id: UInt64) {
        observers.keyNameObservers.removeValue(forKey: id)
    }

    /// The container goes away: every observer's end, to call outside the lock.
    func finishers() -> [@Sendable () -> Void] {
        observers.byEntry.values.flatMap { $0.values.compactMap(\.finish) }
            + observers.keyNameObservers.values.map(\.finish)
    }
}
