/// The index of a bound key path in ``ContainerState``'s table of bindings.
@usableFromInline
struct BindingID: Hashable, Sendable {
    @usableFromInline let index: Int32
}

/// One bound key path: its key, the stored key it reads with its stored value as the container knows it, and its
/// decoded value. Key paths bound to one stored key (a name declared with two types, say) each have a row; their
/// rows form a ring and hold the same stored value.
struct BindingRow: Sendable {
    /// The key, for the decoding and checks that do not know its type.
    let key: any ErasedKey
    /// The full stored name (the container's prefix included).
    let name: String
    /// The stored value, as the container knows it.
    var value: PreferenceValue?
    /// The sequence number of the link update that set ``value`` (or of the read that loaded it): an update with a
    /// lower number is older and is ignored.
    var sequence: UInt64
    /// The current value, decoded; nil until the next read decodes it.
    var decoded: Decoded?
    /// The next row of the same stored key in the same store (the row itself when it is the only one).
    var nextOfName: BindingID
    /// The container's index of the store that holds it.
    let slot: UInt16
    /// Whether the key path has observers (``ObserverRegistry/byBinding`` holds them: few keys have one).
    var isObserved = false
    /// Whether an override layer shadows the stored value (the override is kept apart: few keys have one).
    let isOverridden: Bool
    /// Whether every read asks the key's store (``PreferenceStore/requiresReadThrough``).
    let readsStore: Bool
}

/// One registered observer of one bound key path: it is handed that key path's decoded old and new values.
struct Observer: Sendable {
    /// Called with the binding's decoded old and new values, outside every lock.
    let notify: @Sendable (_ old: DecodedStorage, _ new: DecodedStorage) -> Void
    /// Ends the observation when the container goes away (finishes an async sequence).
    let finish: (@Sendable () -> Void)?
}

/// An observer of every key's name (``Preferences/changedKeys()``).
struct KeyNameObserver: Sendable {
    let notify: @Sendable (_ name: String) -> Void
    let finish: @Sendable () -> Void
}

/// The typed value a container wrote, handed back to that container with the link's update so that it caches it
/// without decoding.
@usableFromInline
struct LocalWrite: Sendable {
    let binding: BindingID
    let decoded: Decoded
    /// The container's count of changes of cached values when the writer read the cached value that it then found
    /// different from its own (``WriteTarget/valueChanges``).
    let valueChangesSeen: UInt64

    @usableFromInline init(binding: BindingID, decoded: Decoded, valueChangesSeen: UInt64) {
        self.binding = binding
        self.decoded = decoded
        self.valueChangesSeen = valueChangesSeen
    }
}

extension Array where Element == BindingRow {
    /// The row of a binding.
    subscript(_ id: BindingID) -> BindingRow {
        _read { yield self[Int(id.index)] }
        _modify { yield &self[Int(id.index)] }
    }
}
