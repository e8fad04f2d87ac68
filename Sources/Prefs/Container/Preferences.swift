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
    /// The link of each store object, once: a store's index here is its slot. A store object bound under two IDs has
    /// one slot, so a name in it is one stored key for the key paths of both.
    @usableFromInline let links: [StoreLink]
    /// The container's store IDs in the order of their names, each with its store's slot.
    let storeIDs: [(id: PreferenceStoreID, slot: Int)]
    /// Prepended to every key's name in the stores.
    public let keyPrefix: String
    /// Read-only layers above the stores, highest first.
    public let overrides: [PreferenceOverrideLayer]
    let logger: Logger
    /// The container's state; its lock is taken in `Preferences+State.swift` only.
    @usableFromInline let state: Lock<ContainerState>

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
        self.init(sortedStores: [(.default, store)], keyPrefix: keyPrefix, overrides: overrides, logger: logger)
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
    public convenience init(
        stores: [PreferenceStoreID: any PreferenceStore],
        keyPrefix: String = "",
        overrides: [PreferenceOverrideLayer] = [],
        logger: Logger = Logger(label: "Prefs")
    ) {
        self.init(
            sortedStores: stores.sorted { $0.key.name < $1.key.name }.map { ($0.key, $0.value) }, keyPrefix: keyPrefix,
            overrides: overrides, logger: logger)
    }

    /// Creates a container over stores in the order of their IDs' names. (A container with one store makes no
    /// dictionary of stores: its first use in a process checks `PreferenceStoreID: Hashable` at run time, a search
    /// of every loaded conformance.)
    private init(
        sortedStores: [(id: PreferenceStoreID, store: any PreferenceStore)], keyPrefix: String,
        overrides: [PreferenceOverrideLayer], logger: Logger
    ) {
        self.keyPrefix = keyPrefix
        self.overrides = overrides
        self.logger = logger
        var links: [StoreLink] = []
        storeIDs = sortedStores.map { id, store in
            let link = StoreLink.link(to: store, logger: logger)
            if !links.contains(where: { $0 === link }) { links.append(link) }
            return (id, links.firstIndex { $0 === link }!)
        }
        self.links = links
        self.state = Lock(ContainerState(readsThrough: links.map(\.requiresReadThrough), keyPrefix: keyPrefix))
        for (slot, link) in links.enumerated() { link.attach(self, slot: slot) }
    }

    deinit {
        for link in links { link.detach(ObjectIdentifier(self)) }
        for finish in finishers() { finish() }
    }

    /// The store bound to a store ID, also for the package's other modules (`PrefsConfiguration` mirrors one); an ID
    /// the container lacks is a programmer error.
    package func store(_ storeID: PreferenceStoreID, for keyName: String? = nil) -> any PreferenceStore {
        link(storeID, for: keyName).store
    }

    /// The slot of a store ID; a key naming a store the container lacks is a programmer error.
    func slot(_ storeID: PreferenceStoreID, for keyName: String? = nil) -> Int {
        guard let slot = slotIndex(of: storeID) else {
            preconditionFailure(
                "Prefs: \(keyName.map { "key '\($0)' is stored in" } ?? "there is a use of store") '\(storeID)', but "
                    + "this Preferences has no store with that ID (it has: "
                    + "\(storeIDs.map(\.id.name).joined(separator: ", "))); pass one in Preferences(stores:)"
            )
        }
        return slot
    }

    /// The slot of a store ID, if the container has that store (a few stores: searched in order).
    func slotIndex(of storeID: PreferenceStoreID) -> Int? { storeIDs.first { $0.id == storeID }?.slot }

    /// The link to the store bound to a store ID; a key naming a store the container lacks is a programmer error.
    func link(_ storeID: PreferenceStoreID, for keyName: String? = nil) -> StoreLink {
        links[slot(storeID, for: keyName)]
    }

    /// How log messages name a stored key: its name, and its store unless it is the default one.
    func describe(_ name: String, in storeID: PreferenceStoreID) -> String {
        StoredKey(storeID: storeID, name: name).description
    }

    /// Finishes taking a change into the cache, outside every lock: tells Observation of keys only it watches, and
    /// delivers what was queued for observers.
    @inline(__always)
    func perform(_ action: ChangeAction) {
        action.observed.forEach { $0.changed(in: self) }
        if let first = action.delivery { deliver(from: first) }
    }
}

/// Where one key lives: a store and the full stored name (the container's prefix included).
struct StoredKey: Hashable, Sendable, CustomStringConvertible {
    let storeID: PreferenceStoreID
    let name: String
    var description: String { storeID == .default ? name : "\(name) (store \(storeID))" }
}
