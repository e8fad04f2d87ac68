import Dispatch

/// The serial queue on which a store link talks to its store (writes, reads back, flushes, transactions), so that
/// they reach it in order.
///
/// Work submitted with ``sync(_:)`` from code already running on the queue runs inline instead of
/// deadlocking, so an observer woken by a store's change may call `flush()` or `update`.
final class StoreQueue: Sendable {
    private let queue: DispatchQueue
    private let marker = DispatchSpecificKey<ObjectIdentifier>()

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .utility)
        queue.setSpecific(key: marker, value: ObjectIdentifier(self))
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == ObjectIdentifier(self) }

    func async(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }

    /// Runs a block made once, later, on the queue: Dispatch retains it, where a closure is copied into a new block at
    /// each call (an allocation).
    func asyncBlock(_ work: @escaping @Sendable @convention(block) () -> Void) { queue.async(execute: work) }

    func sync<Result>(_ work: () throws -> Result) rethrows -> Result {
        if isCurrent { return try work() }
        return try queue.sync(execute: work)
    }
}
