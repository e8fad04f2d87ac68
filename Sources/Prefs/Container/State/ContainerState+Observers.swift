/// The IDs of observers, the observers of each bound key path, and the observers of every key's name
/// (``Preferences/changedKeys()``).
struct ObserverRegistry: Sendable {
    private var nextID: UInt64 = 0
    /// Observers of every key with their IDs, told each changed key's name (without the container's prefix). A
    /// change takes the array as it is, as `byBinding`'s.
    var keyNameObservers: [(id: UInt64, observer: KeyNameObserver)] = []
    /// The observers of each observed key path with their IDs, in the order they came (its row says that it has
    /// some). A delivery takes the array as it is, without copying it (an observer added or removed while that
    /// delivery waits copies it then).
    var byBinding: [BindingID: [(id: UInt64, observer: Observer)]] = [:]

    /// A new observer ID, unique within the container.
    mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }
}

extension ContainerState {
    /// Adds an observer of a key path. With `initial`, the key's value now is queued for it first, so that it comes
    /// before every later change. The observer's ID is made here, so that nothing can remove it before it is added.
    ///
    /// - Returns: The observer's ID, the key's value now, and the first queued change when the caller claimed the
    ///   delivery queue and must run the delivery loop.
    mutating func addObserver(
        _ observer: Observer, of binding: BindingID, initial: Bool
    ) -> (id: UInt64, current: CurrentValue, delivery: DeliveryItem?) {
        let id = observers.makeID()
        let row = bindings[binding]
        let current = CurrentValue(
            key: row.key, name: row.name, decoded: row.decoded, stored: visibleValue(of: binding))
        observers.byBinding[binding, default: []].append((id, observer))
        bindings[binding].isObserved = true
        guard initial else { return (id, current, nil) }
        deliveries.append(DeliveryItem(.initial(current, observer)))
        return (id, current, claimDeliveries())
    }

    /// Removes an observer of a key path.
    mutating func removeObserver(_ id: UInt64, of binding: BindingID) {
        observers.byBinding[binding]?.removeAll { $0.id == id }
        guard observers.byBinding[binding]?.isEmpty == true else { return }
        observers.byBinding[binding] = nil
        bindings[binding].isObserved = false
    }

    /// Adds an observer of every key's name.
    mutating func addKeyNameObserver(_ observer: KeyNameObserver) -> UInt64 {
        let id = observers.makeID()
        observers.keyNameObservers.append((id, observer))
        return id
    }

    /// Removes an observer of every key's name.
    mutating func removeKeyNameObserver(_ id: UInt64) {
        observers.keyNameObservers.removeAll { $0.id == id }
    }

    /// The container goes away: every observer's end, to call outside the lock.
    func finishers() -> [@Sendable () -> Void] {
        observers.byBinding.values.flatMap { $0.compactMap(\.observer.finish) }
            + observers.keyNameObservers.map(\.observer.finish)
    }
}
