internal import Logging

/// What a read of a key path finds, under the container's lock.
@usableFromInline
enum ReadAction: Sendable {
    /// The decoded value is cached: the read is done (once Observation is told of it).
    case cached(BindingID, DecodedStorage, ObservationAnchor)
    /// The value must be decoded, then cached (``ContainerState/cache(_:for:at:of:)``).
    indirect case decode(DecodeRequest)
    /// The key's store must be asked first (``PreferenceStore/requiresReadThrough``).
    case readThrough(BindingID)
    /// The key is not bound yet: its first read must read the store and bind it.
    case unbound(UnboundKey)

    /// The binding the read found; nil when the key path is not bound.
    @usableFromInline var binding: BindingID? {
        switch self {
        case .cached(let binding, _, _), .readThrough(let binding): binding
        case .decode(let request): request.binding
        case .unbound: nil
        }
    }
}

/// A key a read did not find, as the read saw it.
@usableFromInline
struct UnboundKey: Sendable {
    let identity: KeyIdentity
    /// Its ``KeyIdentity/contentTag``, hashed once by the read.
    let contentTag: UInt32
    /// How many keys were bound when the read found this one unbound: if more are bound when it is bound, another
    /// thread may have bound it meanwhile.
    let boundBefore: Int
}

/// A value to decode outside the lock (for a read, or for observers), and what it was decoded from, so that the
/// result is cached only while it holds.
@usableFromInline
struct DecodeRequest: Sendable {
    let binding: BindingID
    let key: any ErasedKey
    let name: String
    /// The stored value readers see.
    let visible: PreferenceValue?
    /// The key path's sequence number when the request was made.
    let sequence: UInt64
    let anchor: ObservationAnchor

    /// The value decoded; a value that is not valid is reported under the key's name and store.
    func decoded(reportingTo logger: Logger) -> Decoded {
        key.decode(visible, reportingTo: logger, storedAs: name)
    }
}

/// What a container does once its lock is released, after a change reached its cache. Its fields are references
/// or empty: it is returned on every write, and costs little to move.
struct ChangeAction: Sendable {
    /// The first queued change, when the caller claimed the delivery queue and must run the delivery loop.
    var delivery: DeliveryItem?
    /// Keys that changed with no one but Observation to tell: told directly, without the queue.
    var observed = ObservationAnchorList()

    /// Whether there is nothing to do.
    var isEmpty: Bool { delivery == nil && observed.isEmpty }
}

/// Anchors to tell of a change: the first inline (one key is the common case: no array).
struct ObservationAnchorList: Sendable {
    private var first: ObservationAnchor?
    private var others: [ObservationAnchor] = []

    mutating func append(_ anchor: ObservationAnchor) {
        if first == nil { first = anchor } else { others.append(anchor) }
    }

    /// Whether the list holds no anchor.
    var isEmpty: Bool { first == nil }

    func forEach(_ body: (ObservationAnchor) -> Void) {
        if let first { body(first) }
        others.forEach(body)
    }
}

/// What the container hands out, in order, outside its lock: a class, so that the queue and the action of every write
/// move one reference (an optional enum of several payloads is copied and destroyed through its value witnesses).
final class DeliveryItem: Sendable {
    enum Kind: Sendable {
        /// A bound key path with observers changed.
        case key(Delivery)
        /// A key without observers changed, while observers of every key's name exist: they hear its stored name, and
        /// Observation its anchor if the container cached the key.
        case name(String, anchor: ObservationAnchor?, observers: [(id: UInt64, observer: KeyNameObserver)])
        /// A new observer's first value, queued with its registration so that it comes before every later change,
        /// and where to hand it.
        case initial(CurrentValue, Observer)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }
}

/// A change to hand to a key path's observers once the lock is released: the stored key's old and new values, the
/// decoded values the container already had (so nothing is decoded twice), and who to tell; made only for key paths
/// that have observers.
struct Delivery: Sendable {
    /// The new value, as of the key path's sequence number right after the change: decoded for the observers, it is
    /// cached only while that holds.
    let new: DecodeRequest
    let old: PreferenceValue?
    /// The decoded value the key path held before the change, if it held one.
    let oldDecoded: Decoded?
    /// The typed value of the local write that made the change, if this key path made it.
    let written: Decoded?
    /// The observers of every key's name when the key changed, who hear its stored name (once per stored key, not
    /// per key path: empty for its other key paths).
    let keyNameObservers: [(id: UInt64, observer: KeyNameObserver)]
    let observers: [(id: UInt64, observer: Observer)]
}

/// A key's value when an observer is added: the decoded value of its binding if it has one, else the stored value
/// (what readers see), to decode outside the lock.
@usableFromInline
struct CurrentValue: Sendable {
    let key: any ErasedKey
    /// The stored name, for the report of a value that is not valid.
    let name: String
    let decoded: Decoded?
    let stored: PreferenceValue?

    /// The decoded value, decoding the stored one if needed.
    func decoded(reportingTo logger: Logger) -> Decoded {
        decoded ?? key.decode(stored, reportingTo: logger, storedAs: name)
    }
}
