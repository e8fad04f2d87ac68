extension Preferences {
    /// Hands queued changes to observers, from the first one the caller took, outside every lock and in the order
    /// they were made.
    ///
    /// One thread at a time delivers; a change made while another thread delivers (an observer that writes, say) is
    /// delivered by that thread after the current observer returns. What it decodes for observers goes back to the
    /// cache when it comes back for the next change, in the same lock.
    func deliver(from first: QueuedDelivery) {
        // The caller claimed the queue and took the first change, under the lock of the change that queued it.
        var next: QueuedDelivery? = first
        while let delivery = next {
            next = nextDelivery(caching: deliver(delivery.item, to: delivery.keyNameObservers))
        }
    }

    /// Hands one queued change out; returns the values it decoded, to cache.
    private func deliver(_ item: DeliveryItem, to keyNameObservers: [KeyNameObserver]) -> [DecodedForObservers] {
        var decoded: [DecodedForObservers] = []
        let storedName: String
        switch item {
        case .initial(let current, let observer):
            let value = current.decoded(reportingTo: logger).value
            observer.notify(value, value)
            return []
        case .name(let name, let anchor):
            storedName = name
            anchor?.changed(in: self)
        case .key(let delivery):
            storedName = delivery.name
            delivery.anchor.changed(in: self)
            decoded = notifyObservers(of: delivery)
        }
        guard !keyNameObservers.isEmpty, storedName.hasPrefix(keyPrefix) else { return decoded }
        let name = String(storedName.dropFirst(keyPrefix.count))
        for observer in keyNameObservers { observer.notify(name) }
        return decoded
    }

    /// Tells a key's observers, decoding the old and the new value once per bound key path (not at all for a local
    /// write, whose typed value and the previously cached one are at hand), and skipping key paths whose readers see
    /// no change.
    ///
    /// - Returns: The new values it decoded, to cache.
    private func notifyObservers(of delivery: Delivery) -> [DecodedForObservers] {
        // A key has few bindings (usually one): short arrays searched in order, not dictionaries to hash.
        var changes: [(binding: BindingID, values: (old: DecodedStorage, new: DecodedStorage)?)] = []
        var decoded: [DecodedForObservers] = []
        for (_, observer) in delivery.observers {
            let binding = observer.binding
            if !changes.contains(where: { $0.binding == binding }) {
                let key = observer.key
                let old =
                    delivery.oldDecoded.first(where: { $0.binding == binding })?.decoded
                    ?? key.decode(delivery.old, reportingTo: logger, as: delivery.name)
                let new: Decoded
                if let written = delivery.written, written.binding == binding {
                    new = written.decoded
                } else {
                    new = key.decode(delivery.new, reportingTo: logger, as: delivery.name)
                    decoded.append(
                        DecodedForObservers(
                            binding: binding, sequence: delivery.sequence, stored: delivery.new, decoded: new))
                }
                let isSame =
                    (old.usedDefault ? nil : delivery.old) ?? key.storedDefault
                    == (new.usedDefault ? nil : delivery.new) ?? key.storedDefault
                changes.append((binding, isSame ? nil : (old.value, new.value)))
            }
            if let (old, new) = changes.first(where: { $0.binding == binding })!.values { observer.notify(old, new) }
        }
        return decoded
    }
}
