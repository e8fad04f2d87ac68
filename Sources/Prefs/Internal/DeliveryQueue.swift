internal import DequeModule

/// Items handed out in order, by one thread at a time, outside the lock that guards the queue: the container's
/// changes to observers, a store's reports to its handlers, a Combine subscription's values to its subscriber.
///
/// It lives inside the state a lock guards; ``deliverInOrder(claim:next:deliver:)`` runs the loop. A thread that
/// queues an item while another delivers leaves it to that thread, which keeps the order; an observer that writes
/// (queueing more) is thus never re-entered.
package struct DeliveryQueue<Item> {
    private var items = Deque<Item>()

    /// An empty queue.
    package init() {}
    /// Whether a thread is delivering.
    package private(set) var isDelivering = false

    /// Queues an item.
    package mutating func append(_ item: Item) { items.append(item) }

    /// Puts an item first (an initial value that must precede what arrived meanwhile).
    package mutating func prepend(_ item: Item) { items.prepend(item) }

    /// Makes the caller the deliverer when nobody delivers and something is queued.
    ///
    /// - Returns: Whether the caller must now run the delivery loop.
    package mutating func claim() -> Bool {
        guard !isDelivering, !items.isEmpty else { return false }
        isDelivering = true
        return true
    }

    /// Takes the first queued item for the deliverer, in constant time, keeping the queue's storage (a queue that is
    /// used again allocates nothing); when none is left, or when the deliverer is not `ready` for one, gives the claim
    /// up and returns nil.
    package mutating func popFirst(ready: Bool = true) -> Item? {
        guard ready, !items.isEmpty else {
            isDelivering = false
            return nil
        }
        return items.popFirst()
    }

    /// Empties the queue (when its consumer goes away).
    package mutating func removeAll() { items = [] }
}

/// The one delivery loop: claims the queue, then hands out items until none is left, each with what it goes to (the
/// handlers or the subscriber at the time it was taken). `claim` and `next` run under the caller's lock (each a short
/// critical section); `deliver` runs outside it.
///
/// - Parameters:
///   - claim: Claims the queue (``DeliveryQueue/claim()`` under the lock).
///   - next: Takes the next item and its recipient, or gives the claim up (``DeliveryQueue/popFirst(ready:)`` under
///     the lock).
///   - deliver: Hands one item to the recipient, outside every lock.
package func deliverInOrder<Item, Recipient>(
    claim: () -> Bool, next: () -> (item: Item, recipient: Recipient)?, deliver: (Item, Recipient) -> Void
) {
    guard claim() else { return }
    while let (item, recipient) = next() { deliver(item, recipient) }
}

extension DeliveryQueue: Sendable where Item: Sendable {}
