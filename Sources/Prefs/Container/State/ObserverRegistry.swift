/// The IDs of observers, and the observers of every key's name (``Preferences/changedKeys()``); observers of one
/// key live in its ``KeyEntry``.
struct ObserverRegistry: Sendable {
    private var nextID: UInt64 = 0
    /// Observers removed before they were added (an async sequence cancelled while it was being set up).
    private var retired: Set<UInt64> = []
    /// Observers of every key, told each changed key's name (without the container's prefix).
    private(set) var keyNameObservers: [UInt64: KeyNameObserver] = [:]

    /// A new observer ID, unique within the container.
    mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    /// Adds an observer of a key unless its ID was removed already; returns whether it was added.
    mutating func add(_ observer: Observer, id: UInt64, to entry: KeyEntry) -> Bool {
        guard retired.remove(id) == nil else { return false }
        entry.observers[id] = observer
        return true
    }

    /// Removes an observer of a key; one not added yet is remembered so that it is never added.
    mutating func remove(_ id: UInt64, from entry: KeyEntry?) {
        if entry?.observers.removeValue(forKey: id) == nil { retired.insert(id) }
    }

    /// Adds an observer of every key's name.
    mutating func addKeyNameObserver(_ observer: KeyNameObserver) -> UInt64 {
        let id = makeID()
        keyNameObservers[id] = observer
        return id
    }

    /// Removes an observer of every key's name.
    mutating func removeKeyNameObserver(_ id: UInt64) {
        keyNameObservers.removeValue(forKey: id)
    }
}

/// An observer of every key's name.
struct KeyNameObserver: Sendable {
    let notify: @Sendable (_ name: String) -> Void
    let finish: @Sendable () -> Void
}
