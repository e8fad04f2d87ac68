internal import Foundation
public import Logging
@_exported public import Observation

/// A container of typed preferences: it binds declared keys to stores, caches every value it
/// reads, writes behind, and tells each key's observers about that key's changes only.
///
/// ```swift
/// let prefs = Preferences(store: InMemoryPreferenceStore())
/// prefs[\.showHelloWorld] = true
/// let theme: Theme = prefs[\.theme]
/// prefs.reset(\.theme)
/// try prefs.flush()
/// ```
///
/// `Preferences` is `Sendable` and safe to use from any thread or task. A read of a value it has
/// read before is a lock and a dictionary lookup: no decoding and no store call. A write updates
/// the cache of every container over the same store and wakes that key's observers at once; the
/// store receives it behind the caller, on one serial queue per store, coalesced with the writes
/// made meanwhile (see "Architecture" in the documentation).
public final class Preferences: Sendable {
    let stores: [PreferenceStoreID: any PreferenceStore]
    /// The link to each store (containers over the same store object share one).
    let links: [PreferenceStoreID: StoreLink]
    /// The container's index of each store ID, in the order of their names.
    let storeSlots: [PreferenceStoreID: Int]
    /// Each link once, with the IDs under which this container binds its store, in a stable order.
    let linkGroups: [(link: StoreLink, storeIDs: [PreferenceStoreID])]
    /// Prepended to every key's name in the stores.
    public let keyPrefix: String
    /// Read-only layers above the stores, highest first.
    public let overrides: [PreferenceOverrideLayer]
    let logger: Logger
    @usableFromInline let state: Lock<ContainerState>
    @usableFromInline let observationRegistrar = ObservationRegistrar()

    /// Creates a container whose keys all live in one store.
    ///
    /// - Parameters:
    ///   - store: The store for keys of ``PreferenceStoreID/default``.
    ///   - keyPrefix: Prepended to every key's name in the store, for example `"com.example.app."`.
    ///   - overrides: Read-only layers above the store, highest first (see ``PreferenceOverrideLayer``).
    ///   - logger: Where problems are reported (undecodable stored values, failed writes).
    public convenience init(
        store: some PreferenceStore,
        keyPrefix: String = "",
        overrides: [PreferenceOverrideLayer] = [],
        logger: Logger = Logger(label: "Prefs")
    ) {
        self.init(stores: [.default: store], keyPrefix: keyPrefix, overrides: overrides, logger: logger)
    }

    /// Creates a container with several stores; each key names the store that holds it.
    ///
    /// ```swift
    /// let prefs = Preferences(stores: [.default: try FilePreferenceStore(url: url), .appGroup: groupStore])
    /// ```
    ///
    /// - Parameters:
    ///   - stores: A store for every ``PreferenceStoreID`` the app's keys use.
    ///   - keyPrefix: Prepended to every key's name in the stores.
    ///   - overrides: Read-only layers above the stores, highest first (see ``PreferenceOverrideLayer``).
    ///   - logger: Where problems are reported.
    public init(
        stores: [PreferenceStoreID: any PreferenceStore],
        keyPrefix: String = "",
        overrides: [PreferenceOverrideLayer] = [],
        logger: Logger = Logger(label: "Prefs")
    ) {
        self.stores = stores
        self.keyPrefix = keyPrefix
        self.overrides = overrides
        self.logger = logger
        let links = stores.mapValues { StoreLink.link(to: $0, logger: logger) }
        let storeIDs = stores.keys.sorted { $0.name < $1.name }
        self.links = links
        self.storeSlots = Dictionary(uniqueKeysWithValues: storeIDs.enumerated().map { ($1, $0) })
        self.linkGroups = Self.groups(of: links, in: storeIDs)
        self.state = Lock(ContainerState(storeCount: storeIDs.count))
        for (link, storeIDs) in linkGroups {
            link.attach(self, as: storeIDs.map { ($0, storeSlots[$0]!) })
        }
    }

    deinit {
        for (link, _) in linkGroups { link.detach(ObjectIdentifier(self)) }
        let finishers = state.withLock { state in
            let finishers =
                state.entries.values.flatMap { $0.observers.values.compactMap(\.finish) }
                + state.observers.keyNameObservers.values.map(\.finish)
            // An entry and its bindings refer to each other: let both go with the container.
            for entry in state.entries.values { entry.bindings = [] }
            return finishers
        }
        for finish in finishers { finish() }
    }

    /// Each link once, with the IDs under which the container binds its store, in the order of the first ID's name.
    private static func groups(
        of links: [PreferenceStoreID: StoreLink],
        in storeIDs: [PreferenceStoreID]
    ) -> [(link: StoreLink, storeIDs: [PreferenceStoreID])] {
        var groups: [(link: StoreLink, storeIDs: [PreferenceStoreID])] = []
        for storeID in storeIDs {
            let link = links[storeID]!
            if let index = groups.firstIndex(where: { $0.link === link }) {
                groups[index].storeIDs.append(storeID)
            } else {
                groups.append((link, [storeID]))
            }
        }
        return groups
    }

    /// The store bound to a store ID, also for the package's other modules (`PrefsConfiguration` mirrors one); an ID
    /// the container lacks is a programmer error.
    package func store(_ storeID: PreferenceStoreID, for keyName: String? = nil) -> any PreferenceStore {
        link(storeID, for: keyName).store
    }

    /// The link to the store bound to a store ID; a key naming a store the container lacks is a programmer error.
    func link(_ storeID: PreferenceStoreID, for keyName: String? = nil) -> StoreLink {
        guard let link = links[storeID] else {
            preconditionFailure(
                "Prefs: \(keyName.map { "key '\($0)' is stored in" } ?? "there is a use of store") '\(storeID)', but "
                    + "this Preferences has no store with that ID (it has: "
                    + "\(stores.keys.map(\.name).sorted().joined(separator: ", "))); pass one in Preferences(stores:)"
            )
        }
        return link
    }

    /// What a container must do after a link update reached its cache: deliver to observers, report an override.
    struct Receipt {
        let container: Preferences
        let deliver: Bool
        let shadowed: (storedKey: StoredKey, by: PreferenceSource)?
    }

    /// Takes a link update into the cache; the link calls it under its own lock, so updates arrive in order. Returns
    /// what to do once the link's lock is released, or nil for nothing.
    func apply(
        _ update: LinkState.Update,
        from storeID: PreferenceStoreID,
        slot: Int,
        written: LocalWrite?
    ) -> Receipt? {
        let (deliver, shadowedBy) = state.withLock {
            $0.apply(update, from: storeID, slot: slot, written: written, keyPrefix: keyPrefix)
        }
        guard deliver || shadowedBy != nil else { return nil }
        let shadowed = shadowedBy.map { source in
            (StoredKey(storeID: storeID, name: update.changes.keys.first ?? ""), source)
        }
        return Receipt(container: self, deliver: deliver, shadowed: shadowed)
    }

    /// Finishes taking a link update, outside every lock: reports an override that shadows a local write, and tells
    /// observers.
    func finishReceiving(_ receipt: Receipt) {
        if let (storedKey, source) = receipt.shadowed {
            logger.notice("Prefs: '\(storedKey)' was stored, but readers keep seeing the override from \(source)")
        }
        if receipt.deliver { deliverQueuedChanges() }
    }
}
