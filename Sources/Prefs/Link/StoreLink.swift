internal import Foundation
internal import Logging

/// The one link between a store object and the containers that use it: the only place that writes to the store,
/// listens to it, and tells containers what changed.
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
@usableFromInline
final class StoreLink: Sendable {
    let store: any PreferenceStore
    /// The store's ``PreferenceStore/requiresReadThrough``, asked once.
    let requiresReadThrough: Bool
    /// The origin this link's store calls carry.
    let origin = PreferenceWriteOrigin.unique()
    let logger: Logger
    let state = Lock(LinkState())
    private let containers = Lock<[ContainerRegistration]>([])
    let writer: SerialWriter
    private let observation = Lock<PreferenceObservationToken?>(nil)
    /// The stored names of keys declared secret, by any container using the link: their values stay out of its logs.
    private let secretNames = Lock<Set<String>>([])

    /// A container using the link, and the ID under which it binds the store.
    private struct ContainerRegistration: @unchecked Sendable {
        weak var container: Preferences?
        /// The IDs under which the container binds the store, each with the container's index of it.
        let storeIDs: [(id: PreferenceStoreID, slot: Int)]
    }

    private init(store: any PreferenceStore, logger: Logger) {
        self.store = store
        self.requiresReadThrough = store.requiresReadThrough
        self.logger = logger
        self.writer = SerialWriter(label: "Prefs.writer")
    }

    private static let links = Lock<[ObjectIdentifier: WeakLink]>([:])

    private struct WeakLink: @unchecked Sendable {
        weak var link: StoreLink?
    }

    /// The link of a store object, created on first use; it lives while a container (or a queued write) holds it.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - logger: Where the link reports failed writes, if it is created now.
    /// - Returns: The link.
    static func link(to store: any PreferenceStore, logger: Logger) -> StoreLink {
        let id = ObjectIdentifier(store)
        if let existing = links.withLock({ $0[id]?.link }) { return existing }
        // Built outside the global lock (it registers with the store); published under it, unless another thread
        // published one first.
        let created = StoreLink(store: store, logger: logger)
        let link = links.withLock { links -> StoreLink in
            if let existing = links[id]?.link { return existing }
            links = links.filter { $0.value.link != nil }
            links[id] = WeakLink(link: created)
            return created
        }
        if link === created { created.startObserving() }
        return link
    }

    private func startObserving() {
        let token = store.observeChanges { [weak self] change in self?.storeReported(change) }
        observation.withLock { $0 = token }
        ExitFlush.register(self)
    }

    deinit {
        ExitFlush.unregister(ObjectIdentifier(self))
    }

    // MARK: Containers

    /// Registers a container, which binds this store under `storeIDs`.
    func attach(_ container: Preferences, as storeIDs: [(id: PreferenceStoreID, slot: Int)]) {
        let registration = ContainerRegistration(container: container, storeIDs: storeIDs)
        containers.withLock { $0 = $0.filter { $0.container != nil } + [registration] }
    }

    /// Unregisters a container.
    func detach(_ id: ObjectIdentifier) {
        containers.withLock { registrations in
            registrations.removeAll { registration in
                guard let container = registration.container else { return true }
                return ObjectIdentifier(container) == id
            }
        }
    }

    /// Runs a transition of the link's state and applies the update it returns to every container, both under the
    /// link's lock, so that every container receives updates in the order they are numbered, and the writer's own
    /// container before its write can reach the store and come back. Then lets the containers tell their observers,
    /// outside every lock.
    ///
    /// - Parameters:
    ///   - written: The typed value of a local write, for the container that made it.
    ///   - body: The transition; returns the update for the containers (if any) and a result.
    /// - Returns: The transition's result.
    @discardableResult
    func transition<Result>(
        written: LocalWrite? = nil,
        _ body: (inout LinkState) -> (update: LinkState.Update?, result: Result)
    ) -> Result {
        let (result, receipts) = state.withLock { state -> (Result, Receipts) in
            let (update, result) = body(&state)
            guard let update else { return (result, Receipts()) }
            return (result, apply(update, written: written))
        }
        receipts.forEach { $0.container.finishReceiving($0) }
        return result
    }

    /// What containers must do after an update: the first inline (one container is the common case: no array).
    private struct Receipts {
        var first: Preferences.Receipt?
        var others: [Preferences.Receipt] = []

        mutating func append(_ receipt: Preferences.Receipt) {
            if first == nil { first = receipt } else { others.append(receipt) }
        }

        func forEach(_ body: (Preferences.Receipt) -> Void) {
            if let first { body(first) }
            others.forEach(body)
        }
    }

    /// Applies an update to every container's cache; returns what each must do next. Call it holding the link's lock.
    private func apply(_ update: LinkState.Update, written: LocalWrite?) -> Receipts {
        var receipts = Receipts()
        for registration in containers.withLock({ $0 }) {
            guard let container = registration.container else { continue }
            let isWriter = written?.containerID == ObjectIdentifier(container)
            for (storeID, slot) in registration.storeIDs {
                if let receipt = container.apply(update, from: storeID, slot: slot, written: isWriter ? written : nil) {
                    receipts.append(receipt)
                }
            }
        }
        return receipts
    }

    // MARK: Reports

    private func storeReported(_ change: PreferenceStoreChange) {
        let readBack = transition { state in
            let action = state.reported(change, ownOrigin: origin)
            return (action.update, action.readBack)
        }
        if !readBack.isEmpty { writer.async { self.readBack(readBack) } }
    }

    /// Records that a stored name belongs to a key declared secret: the link's messages leave its value out.
    func markSecret(_ name: String) {
        secretNames.withLock { _ = $0.insert(name) }
    }

    /// Whether a stored name belongs to a key declared secret.
    func isSecret(_ name: String) -> Bool {
        secretNames.withLock { $0.contains(name) }
    }

    /// Reads keys from the store and hands their values to the containers. Runs on the writer queue, so it never
    /// overtakes a queued write.
    func readBack(_ names: Set<String>) {
        var values: PreferenceStoreChanges = [:]
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

    /// Reads a key for a container's first use of it: the local write on its way if there is one, else the store.
    ///
    /// - Returns: The value, and the sequence number of the last update handed out before the read.
    func read(_ name: String) -> (value: Result<PreferenceValue?, any Error>, sequence: UInt64) {
        let (local, mark) = state.withLock { ($0.localValue(of: name), $0.readMark) }
        if let local { return (.success(local), mark) }
        return (Result { try store.value(forKey: name) }, mark)
    }

    /// Reads a key through to the store for a store that requires it; nil when a local write of it is on its way
    /// (the container's cache has it).
    func readThrough(_ name: String) throws -> (value: PreferenceValue?, sequence: UInt64)? {
        guard let mark = state.withLock({ $0.isWriting(name) ? nil : $0.readMark }) else { return nil }
        return (try store.value(forKey: name), mark)
    }
}

/// The typed value a container wrote, handed back to that container with the link's update so that it caches it
/// without decoding.
@usableFromInline
struct LocalWrite: Sendable {
    let containerID: ObjectIdentifier
    let binding: KeyBinding
    let decoded: any AnyObject & Sendable

    @usableFromInline init(containerID: ObjectIdentifier, binding: KeyBinding, decoded: any AnyObject & Sendable) {
        self.containerID = containerID
        self.binding = binding
        self.decoded = decoded
    }
}
