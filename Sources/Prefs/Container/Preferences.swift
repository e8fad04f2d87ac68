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
/// the cache and wakes that key's observers at once; the store receives it behind the caller, on
/// one serial queue per container, coalesced with the writes made meanwhile.
public final class Preferences: Sendable {
    let stores: [PreferenceStoreID: any PreferenceStore]
    /// Prepended to every key's name in the stores.
    public let keyPrefix: String
    /// Read-only layers above the stores, highest first.
    public let overrides: [PreferenceOverrideLayer]
    let logger: Logger
    let state = Lock(ContainerState())
    let observationRegistrar = ObservationRegistrar()
    let writer: SerialWriter
    private let storeObservations: Lock<[PreferenceObservationToken]> = Lock([])

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
        self.writer = SerialWriter(label: "Prefs.writer")
        for (storeID, store) in stores {
            let token = store.observeChanges { [weak self] keys in
                guard let self else { return }
                let isEcho =
                    self.writer.isCurrent
                    && self.state.withLock { state in
                        state.batchInFlight.map { $0.storeID == storeID && keys.isSubset(of: $0.keys) } ?? false
                    }
                if !isEcho { self.writer.async { self.resynchronize(storeID, keys: keys) } }
            }
            storeObservations.withLock { $0.append(token) }
        }
        ExitFlush.register(self)
    }

    deinit {
        ExitFlush.unregister(ObjectIdentifier(self))
        let finishers = state.withLock { state in
            state.entries.values.flatMap { $0.observers.values.compactMap(\.finish) }
                + state.keyObservers.values.compactMap(\.finish)
        }
        for finish in finishers { finish() }
    }

    /// The store bound to a store ID, for the package's other modules (`PrefsConfiguration` mirrors one); an ID the
    /// container lacks is a programmer error.
    package func store(_ storeID: PreferenceStoreID) -> any PreferenceStore {
        store(for: StoredKey(storeID: storeID, name: ""))
    }

    /// The store bound to a key's store ID; a key naming a store the container lacks is a programmer error.
    func store(for storedKey: StoredKey) -> any PreferenceStore {
        guard let store = stores[storedKey.storeID] else {
            preconditionFailure(
                "Prefs: key '\(storedKey.name)' is stored in '\(storedKey.storeID)', but this Preferences has no "
                    + "store with that ID (it has: \(stores.keys.map(\.name).sorted().joined(separator: ", "))); "
                    + "pass one in Preferences(stores:)"
            )
        }
        return store
    }
}
