internal import Foundation
internal import Logging

/// The one link between a store object and the containers that use it: it writes to the store, listens to it, and
/// tells containers what changed.
///
/// Every container over the same store object shares its link (``link(to:logger:)``), so that once one container's
/// write returns, every other container of that store reads the new value: a write reaches all of them at once,
/// and the store behind them, on the link's serial queue, coalesced.
///
/// The echo rule lives here. Every call that changes the store (a drain of the write queue, a transaction, and so
/// `update`, imports, migrations and moves of former names) runs with ``PreferenceWriteOrigin/current`` bound to
/// ``origin``; the store puts it in its reports. A report's values are applied in the order reports arrive, except
/// for keys with a local write on its way (it lands after what the report describes), and keys whose report cannot
/// be ordered against such a write, which are read back once it has landed. The link's own echo is skipped while its
/// write is in flight and applied after (equal values change nothing). So a local write costs no store read, an
/// outside change that carries its values costs none either, and reads happen only in races (see ``LinkState``).
///
/// One lock guards everything the link keeps: its ``LinkState``, the containers it serves, the names of secret keys
/// and its registration with the store. A container's lock is taken under it (to apply an update in order), never
/// the other way round.
@usableFromInline
final class StoreLink: Sendable {
    let store: any PreferenceStore
    /// The store's ``PreferenceStore/requiresReadThrough``, asked once.
    let requiresReadThrough: Bool
    /// The origin this link's store calls carry.
    let origin = PreferenceWriteOrigin.unique()
    let logger: Logger
    let shared = Lock(Shared())
    let queue = StoreQueue(label: "Prefs.link")
    /// The drain of queued writes, as a block made once, so that scheduling it allocates nothing. It holds the link
    /// unowned: ``scheduleDrain()`` retains the link for it, and it releases the link once it drained, so it runs only
    /// through ``scheduleDrain()``. Set in `init`, only read after.
    private nonisolated(unsafe) var drainBlock: (@Sendable @convention(block) () -> Void)?

    /// What the link's lock guards.
    struct Shared: Sendable {
        var state = LinkState()
        /// The containers using the link, each registered once.
        var containers: [ContainerRegistration] = []
        /// The stored names of keys declared secret, by any container using the link: their values stay out of its
        /// logs.
        var secretNames: Set<String> = []
        /// The link's registration with the store's reports.
        var observation: PreferenceObservationToken?
    }

    /// A container using the link, and its slot of the store.
    struct ContainerRegistration: Sendable {
        /// The container's identity, compared without loading the weak reference: a reference loaded under the link's
        /// lock can be the container's last, and its `deinit` detaches, which takes that lock again.
        let id: ObjectIdentifier
        let container: WeakReference<Preferences>
        /// The container's slot of the store (a container registers once, however many IDs it binds the store under).
        let slot: Int
    }

    private init(store: any PreferenceStore, logger: Logger) {
        self.store = store
        self.requiresReadThrough = store.requiresReadThrough
        self.logger = logger
        drainBlock = { [unowned(unsafe) self] in
            self.drain()
            Unmanaged.passUnretained(self).release()
        }
    }

    /// Drains the queued writes on the link's queue, the link kept alive until then.
    func scheduleDrain() {
        _ = Unmanaged.passRetained(self)
        queue.asyncBlock(drainBlock!)
    }

    /// Every live link, by store object: one per store, and the links a normal process exit flushes.
    static let links = WeakRegistry<ObjectIdentifier, StoreLink>()
    /// Installs the exit flush once: a static `let` is initialized exactly once, on first use, thread-safely.
    private static let exitFlush: Void = { atexit { for link in StoreLink.links.objects { _ = link.flush() } } }()

    /// The link of a store object, created on first use; it lives while a container (or a queued write) holds it.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - logger: Where the link reports failed writes, if it is created now.
    /// - Returns: The link.
    static func link(to store: any PreferenceStore, logger: Logger) -> StoreLink {
        _ = exitFlush
        // Built outside the registry's lock (it registers with the store); the first one published wins.
        let (link, isNew) = links.object(for: ObjectIdentifier(store)) { StoreLink(store: store, logger: logger) }
        if isNew {
            let token = store.observeChanges { [weak link] change in link?.storeReported(change) }
            link.shared.withLock { $0.observation = token }
        }
        return link
    }

    // MARK: Containers

    /// Registers a container, which binds this store in `slot`.
    func attach(_ container: Preferences, slot: Int) {
        let registration = ContainerRegistration(
            id: ObjectIdentifier(container), container: WeakReference(object: container), slot: slot)
        shared.withLock { $0.containers.append(registration) }
    }

    /// Unregisters a container; its `deinit` calls it.
    func detach(_ id: ObjectIdentifier) {
        shared.withLock { $0.containers.removeAll { $0.id == id } }
    }

    /// Runs a transition of the link's state and applies the update it returns to every container, both under the
    /// link's lock, so that every container receives updates in the order they are numbered, and the writer's own
    /// container before its write can reach the store and come back. Then lets the containers act on it (tell
    /// their observers), outside every lock.
    ///
    /// - Parameters:
    ///   - written: The typed value of a local write, for the container that made it.
    ///   - writer: The container that made the local write, which its caller holds for the whole call: it is reached
    ///     directly, without loading (and retaining) its weak reference.
    ///   - body: The transition; returns the update for the containers (if any) and a result.
    /// - Returns: The transition's result.
    @discardableResult
    func transition<Result>(
        written: LocalWrite? = nil,
        by writer: Preferences? = nil,
        _ body: (inout LinkState) -> (LinkState.Update?, Result)
    ) -> Result {
        let writer = writer.map(Unmanaged.passUnretained)  // a weakly referenced object's retain takes the slow path
        let (result, actions) = shared.withLock { shared -> (Result, ContainerActions) in
            let (update, result) = body(&shared.state)
            guard let update else { return (result, ContainerActions()) }
            return (result, Self.apply(update, to: shared.containers, written: written, by: writer))
        }
        actions.perform()
        return result
    }

    /// What containers must do after an update: the writer's inline (a local write with one container over the store,
    /// the common case, makes no array). It holds every other container the update reached, also those with nothing
    /// to do, until it is released outside the link's lock: the last reference to a container must never be released
    /// under it (see `ContainerRegistration`). The writer is not retained: its caller holds it until the write returns
    /// (and retaining a container, which is referred to weakly, takes Swift's slow path).
    private struct ContainerActions {
        var writer: Unmanaged<Preferences>?
        var writerAction = ChangeAction()
        var others: [(container: Preferences, action: ChangeAction)] = []

        /// Lets each container act, outside every lock.
        func perform() {
            if let writer, !writerAction.isEmpty { writer._withUnsafeGuaranteedRef { $0.perform(writerAction) } }
            for (container, action) in others where !action.isEmpty { container.perform(action) }
        }
    }

    /// Applies an update to every container's cache; returns what each must do next. Call it holding the link's lock.
    private static func apply(
        _ update: LinkState.Update, to registrations: [ContainerRegistration], written: LocalWrite?,
        by writer: Unmanaged<Preferences>?
    ) -> ContainerActions {
        var actions = ContainerActions()
        for index in registrations.indices {  // by index: copying a registration would copy its weak reference
            let slot = registrations[index].slot
            if let writer, registrations[index].id == ObjectIdentifier(writer.takeUnretainedValue()) {
                actions.writer = writer
                actions.writerAction = writer._withUnsafeGuaranteedRef {
                    $0.apply(update, slot: slot, written: written)
                }
            } else if let container = registrations[index].container.object {
                actions.others.append((container, container.apply(update, slot: slot, written: nil)))
            }
        }
        return actions
    }

    // MARK: Reports

    private func storeReported(_ change: PreferenceStoreChange) {
        scheduleReadBack(transition { $0.reported(change, ownOrigin: origin) })
    }

    /// Reads keys back on the link's queue, after the writes queued before.
    func scheduleReadBack(_ names: Set<String>) {
        if !names.isEmpty { queue.async { self.readBack(names) } }
    }

    /// Records that a stored name belongs to a key declared secret: the link's messages leave its value out.
    func markSecret(_ name: String) {
        shared.withLock { _ = $0.secretNames.insert(name) }
    }

    /// Whether a stored name belongs to a key declared secret.
    func isSecret(_ name: String) -> Bool {
        shared.withLock { $0.secretNames.contains(name) }
    }

    /// Reads keys from the store and hands their values to the containers. Runs on the link's queue, so it never
    /// overtakes a queued write.
    func readBack(_ names: Set<String>) {
        var values: PreferenceStoreWrites = [:]
        for name in names {
            do {
                values[name] = .some(try store.value(forKey: name))
            } catch {
                let reason = SecretRedaction.text(of: error, isSecret: isSecret(name))
                logger.error("Prefs: could not read '\(name)' back from its store: \(reason)")
            }
        }
        transition { ($0.readBack(values), ()) }
    }

    /// Reads a key for a container's first use of it, or for a read through: the local write on its way if there is
    /// one, else the store.
    ///
    /// - Returns: The value (nil, with the error, when the store cannot be read), and the sequence number of the
    ///   last update handed out before the read.
    func read(_ name: String) -> (value: PreferenceValue?, failure: (any Error)?, sequence: UInt64) {
        let (local, sequence) = shared.withLock { ($0.state.localValue(of: name), $0.state.sequence) }
        if let local { return (local, nil, sequence) }
        do {
            return (try store.value(forKey: name), nil, sequence)
        } catch {
            return (nil, error, sequence)
        }
    }
}
