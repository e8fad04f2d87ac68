/// The cached stored value of one stored key, and who depends on it: the key paths bound to it and its observers.
///
/// A class, so that a key path's binding reaches it without a dictionary lookup. Unchecked `Sendable`: every
/// mutable member is read and written only under the container's lock.
@usableFromInline
final class KeyEntry: @unchecked Sendable {
    @usableFromInline let storedKey: StoredKey
    // Every `var` is read and written under the container's lock only: no dynamic exclusivity checks.

    /// The stored value, as the container knows it.
    @exclusivity(unchecked) @usableFromInline var value: PreferenceValue?
    /// The sequence number of the link update that set ``value`` (or of the read that loaded it): an update with a
    /// lower number is older and is ignored.
    @exclusivity(unchecked) var sequence: UInt64
    /// A value from an override layer that shadows the stored one; nil when the key is not overridden.
    let override: PreferenceOverride?
    /// The key paths bound to this stored key, whose decoded values a change invalidates (they refer to this entry
    /// too: the container breaks the cycle when it goes).
    @exclusivity(unchecked) var bindings: [KeyBinding] = []
    /// The observers of this stored key, by ID.
    @exclusivity(unchecked) var observers: [UInt64: Observer] = [:]
    /// The key path that Observation tracks for this stored key.
    @usableFromInline let observationKeyPath: any KeyPath<Preferences, Int> & Sendable

    init(id: Int, storedKey: StoredKey, value: PreferenceValue?, sequence: UInt64, override: PreferenceOverride?) {
        self.storedKey = storedKey
        self.value = value
        self.sequence = sequence
        self.override = override
        self.observationKeyPath = ObservationKeyPaths.keyPath(for: id)
    }

    /// What readers see: the override if there is one, else the stored value.
    var visibleValue: PreferenceValue? { override?.value ?? value }
}

/// One registered observer of one stored key, through one key path binding: it is handed that binding's decoded
/// old and new values.
struct Observer: Sendable {
    let binding: KeyBinding
    /// Called with the binding's decoded old and new values (``DecodedValue`` boxes), outside every lock.
    let notify: @Sendable (_ old: any AnyObject & Sendable, _ new: any AnyObject & Sendable) -> Void
    /// Ends the observation when the container goes away (finishes an async sequence).
    let finish: (@Sendable () -> Void)?
}

/// The key paths that Observation tracks cached keys by: `\Preferences.[observing: id]`, one per entry ID.
///
/// Made once per ID for the whole process (making a key path with an argument costs about 10,000 instructions) and
/// shared by every container: Observation tracks a key path together with its container, so containers never see
/// each other's changes. An integer argument also hashes far faster, on every change, than the stored name would.
enum ObservationKeyPaths {
    private static let made = Lock<[any KeyPath<Preferences, Int> & Sendable]>([])

    static func keyPath(for id: Int) -> any KeyPath<Preferences, Int> & Sendable {
        made.withLock { made in
            while made.count <= id { made.append(\Preferences.[observing: made.count]) }
            return made[id]
        }
    }
}
