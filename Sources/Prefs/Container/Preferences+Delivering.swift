extension Preferences {
    /// Hands queued changes to observers, outside every lock and in the order they were made.
    ///
    /// One thread at a time delivers; a change made while another thread delivers (an observer that writes, say) is
    /// delivered by that thread after the current observer returns.
    func deliverQueuedChanges() {
        // The caller claimed the queue, under the lock of the change that queued the item. Items are taken one at a
        // time, so that the queue keeps its storage and a write allocates nothing here.
        while let (item, keyNameObservers) = nextDelivery() {
            deliver(item, to: keyNameObservers)
        }
    }

    /// The next queued change, with the observers of every key's name at the time; nil (giving the claim up) when
    /// none is left.
    private func nextDelivery() -> (DeliveryItem, [KeyNameObserver])? {
        state.withLock { state in
            guard let item = state.deliveries.popFirst() else { return nil }
            let keyNameObservers = state.observers.keyNameObservers
            return (item, keyNameObservers.isEmpty ? [] : Array(keyNameObservers.values))
        }
    }

    private func deliver(_ item: DeliveryItem, to keyNameObservers: [KeyNameObserver]) {
        let storedName: String
        switch item {
        case .initial(let initial):
            initial.deliver(initial.decoded ?? initial.binding.decodeBox(initial.stored, logger: logger).box)
            return
        case .name(let name):
            storedName = name
        case .tracked(let entry):
            storedName = entry.storedKey.name
            observationRegistrar.willSet(self, keyPath: entry.observationKeyPath)
            observationRegistrar.didSet(self, keyPath: entry.observationKeyPath)
        case .key(let delivery):
            storedName = delivery.entry.storedKey.name
            observationRegistrar.willSet(self, keyPath: delivery.entry.observationKeyPath)
            observationRegistrar.didSet(self, keyPath: delivery.entry.observationKeyPath)
            notifyObservers(of: delivery)
        }
        guard !keyNameObservers.isEmpty, storedName.hasPrefix(keyPrefix) else { return }
        let name = String(storedName.dropFirst(keyPrefix.count))
        for observer in keyNameObservers { observer.notify(name) }
    }

    /// Tells a key's observers, decoding the old and the new value once per key path binding (not at all for a
    /// local write, whose typed value and the previously cached one are at hand), and skipping bindings whose
    /// readers see no change.
    private func notifyObservers(of delivery: Delivery) {
        var decodedPairs: [ObjectIdentifier: (old: any AnyObject & Sendable, new: any AnyObject & Sendable)?] = [:]
        for observer in delivery.observers {
            let binding = observer.binding
            let id = ObjectIdentifier(binding)
            if decodedPairs[id] == nil {
                let (oldBox, oldUsedDefault) =
                    delivery.oldDecoded[id] ?? binding.decodeBox(delivery.old, logger: logger)
                let written = delivery.written.flatMap { $0.binding === binding ? ($0.decoded, false) : nil }
                let (newBox, newUsedDefault) = written ?? binding.decodeBox(delivery.new, logger: logger)
                if written == nil { cache(newBox, usedDefault: newUsedDefault, for: binding, of: delivery) }
                let isSame =
                    binding.visibleStoredForm(delivery.old, usedDefault: oldUsedDefault)
                    == binding.visibleStoredForm(delivery.new, usedDefault: newUsedDefault)
                decodedPairs[id] = .some(isSame ? nil : (oldBox, newBox))
            }
            if let (old, new) = decodedPairs[id]! { observer.notify(old, new) }
        }
    }

    /// Caches a value decoded for observers, so that the next read does not decode it again, unless the key
    /// changed meanwhile.
    private func cache(
        _ box: any AnyObject & Sendable,
        usedDefault: Bool,
        for binding: KeyBinding,
        of delivery: Delivery
    ) {
        state.withLock { _ in
            guard binding.decoded == nil, delivery.entry.sequence == delivery.sequence,
                delivery.entry.visibleValue == delivery.new
            else { return }
            binding.decoded = box
            binding.decodedUsedDefault = usedDefault
        }
    }
}
