internal import Dispatch
internal import PostgresNIO
internal import Prefs

/// Hands the stores' queued reports to their handlers, off the event loop (a handler may block; a container's does
/// not), in one dispatch for every store that has reports after a pass of the loop.
///
/// The stores of a process share one event loop, and a change reaches each of them with its own notification: a
/// dispatch per store would wake a thread per store. Here the loop collects the stores during its pass over the
/// readable connections and hands them to one worker thread after it. Each store's reports stay in order
/// (``PreferenceStoreObservers/deliver()`` drains them in order, one thread at a time).
///
/// The worker is a serial queue's, never a thread of `DispatchQueue.global()`: on Linux that pool also runs Swift
/// concurrency's jobs and grows by about one thread a second while its threads block, so an application that blocks
/// a few of them would hold every change back for seconds (`BusyPoolTests`).
final class ReportDelivery: Sendable {
    private struct Pending {
        var stores: [PreferenceStoreObservers] = []
        var isScheduled = false
    }

    private let loop: any EventLoop
    private let pending = Lock(Pending())
    private let worker = DispatchQueue(label: "Prefs.PostgresPreferenceStore.reports")

    /// The delivery of every store on `loop`.
    init(loop: any EventLoop) { self.loop = loop }

    /// Delivers the reports `observers` has queued: after the loop's current pass when called on the loop, at once
    /// on a worker thread otherwise.
    func deliver(_ observers: PreferenceStoreObservers) {
        guard loop.inEventLoop else {
            worker.async { observers.deliver() }
            return
        }
        let schedules = pending.withLock { pending in
            pending.stores.append(observers)
            defer { pending.isScheduled = true }
            return !pending.isScheduled
        }
        if schedules { loop.execute { [self] in handOver() } }
    }

    private func handOver() {
        let stores = pending.withLock { pending in
            defer { pending = Pending() }
            return pending.stores
        }
        worker.async {
            for observers in stores { observers.deliver() }
        }
    }
}
