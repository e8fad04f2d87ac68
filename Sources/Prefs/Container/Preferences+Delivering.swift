extension Preferences {
    /// Hands queued changes to observers, from the first one the caller took, outside every lock and in the order
    /// they were made.
    ///
    /// One thread at a time delivers; a change made while another thread delivers (an observer that writes, say) is
    /// delivered by that thread after the current observer returns. What it decodes for observers goes back to the
    /// cache when it comes back for the next change, in the same lock.
    func deliver(from first: DeliveryItem) {
        // The caller claimed the queue and took the first change, under the lock of the change that queued it.
        var next: DeliveryItem? = first
        while let item = next { next = nextDelivery(caching: deliver(item)) }
    }

    /// Hands one queued change out; returns the value it decoded, to cache.
    private func deliver(_ item: DeliveryItem) -> Decoded? {
        let decoded: Decoded?
        let (storedName, keyNameObservers): (String, [(id: UInt64, observer: KeyNameObserver)])
        switch item.kind {
        case .initial(let current, let observer):
            let value = current.decoded(reportingTo: logger).value
            observer.notify(value, value)
            return nil
        case .name(let name, let anchor, let observers):
            anchor?.changed(in: self)
            (decoded, storedName, keyNameObservers) = (nil, name, observers)
        case .key(let delivery):
            delivery.new.anchor.changed(in: self)
            (decoded, storedName, keyNameObservers) = (
                notifyObservers(of: delivery), delivery.new.name, delivery.keyNameObservers
            )
        }
        guard !keyNameObservers.isEmpty, storedName.hasPrefix(keyPrefix) else { return decoded }
        let name = String(storedName.dropFirst(keyPrefix.count))
        for (_, observer) in keyNameObservers { observer.notify(name) }
        return decoded
    }

    /// Tells a key path's observers, decoding the old and the new value only when the container did not have them
    /// (a local write's typed value and the previously cached one are at hand), unless its readers see no change.
    ///
    /// - Returns: The new value it decoded, to cache.
    private func notifyObservers(of delivery: Delivery) -> Decoded? {
        let (request, key) = (delivery.new, delivery.new.key)
        let old = delivery.oldDecoded ?? key.decode(delivery.old, reportingTo: logger, storedAs: request.name)
        let new = delivery.written ?? request.decoded(reportingTo: logger)
        let isSame =
            (old.usedDefault ? nil : delivery.old) ?? key.storedDefault
            == (new.usedDefault ? nil : request.visible) ?? key.storedDefault
        if !isSame { for (_, observer) in delivery.observers { observer.notify(old.value, new.value) } }
        return delivery.written == nil ? new : nil
    }
}
