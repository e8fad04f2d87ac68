/// Where Observation tracks a bound key path: one registrar per group of rows and one member key path per row of a
/// group, so that each row has a pair of its own and a change reaches only who read that key.
///
/// Observation tracks a read as its registrar and key path (the subject names neither). A key path with an argument
/// per row would cost about 10,000 instructions to make (its argument types are looked up by mangled name); a
/// registrar costs about 700, and the member key paths are made once per process.
struct ObservationAnchors: Sendable {
    /// How many rows share a registrar, each with its own member key path.
    static let groupSize = 32
    /// The member key paths, `\Preferences.[observed: member]`, made once per process.
    static let members: [any KeyPath<Preferences, Int> & Sendable] = (0..<groupSize).map {
        \Preferences.[observed: $0]
    }

    private var groups: [Group] = []
    /// ``members``, held here so that a read does not pass the static's once-check, and unmanaged: the static holds
    /// them for the life of the process, so a read passes them on without retaining them.
    private let memberKeyPaths = Self.members.map { MemberKeyPath(unmanaged: .passUnretained($0)) }

    /// A member key path, unretained. Key paths are immutable, so sharing one is safe.
    private struct MemberKeyPath: @unchecked Sendable {
        let unmanaged: Unmanaged<KeyPath<Preferences, Int>>
    }

    /// One group's registrar, in a class: `ObservationRegistrar` comes from a module built for library evolution,
    /// so a struct that held one by value would be copied through its value witnesses.
    @usableFromInline
    final class Group: Sendable {
        let registrar = ObservationRegistrar()
    }

    /// Records a read of a row, for whoever tracks reads on this thread (SwiftUI, `withObservationTracking`): the
    /// read path's form of ``ObservationAnchor/access(in:)``, without making an anchor.
    ///
    /// The read path calls it under the container's lock, where the container, its group and its member key path are
    /// all alive: they are used unretained (a container that observers or links refer to weakly has a side table, and
    /// retaining it takes Swift's slow path, about 170 instructions a read).
    @inline(__always)
    func access(_ row: BindingID, in container: Unmanaged<Preferences>) {
        let (group, member) = Int(row.index).quotientAndRemainder(dividingBy: Self.groupSize)
        container._withUnsafeGuaranteedRef { container in
            Unmanaged.passUnretained(groups[group])._withUnsafeGuaranteedRef { group in
                memberKeyPaths[member].unmanaged._withUnsafeGuaranteedRef {
                    group.registrar.access(container, keyPath: $0)
                }
            }
        }
    }

    /// The anchor of a row, making its group's registrar when the row is the group's first.
    mutating func anchor(of row: BindingID) -> ObservationAnchor {
        let (group, member) = Int(row.index).quotientAndRemainder(dividingBy: Self.groupSize)
        while groups.count <= group { groups.append(Group()) }
        return ObservationAnchor(group: .passUnretained(groups[group]), keyPath: memberKeyPaths[member].unmanaged)
    }
}

/// The registrar and member key path under which Observation tracks one bound key path.
///
/// Both unretained, so that an anchor is copied and dropped without reference counting (every write hands one on):
/// a container's state keeps every group it made for the container's life, the member key paths live for the
/// process's, and an anchor is only used with its container, which its user holds.
@usableFromInline
struct ObservationAnchor: @unchecked Sendable {  // a registrar is thread-safe; key paths are immutable
    let group: Unmanaged<ObservationAnchors.Group>
    let keyPath: Unmanaged<KeyPath<Preferences, Int>>

    /// Records a read of the key, for whoever tracks reads on this thread (SwiftUI, `withObservationTracking`).
    @usableFromInline func access(in container: Preferences) {
        group._withUnsafeGuaranteedRef { group in
            keyPath._withUnsafeGuaranteedRef { group.registrar.access(container, keyPath: $0) }
        }
    }

    /// Tells whoever tracked a read of the key that it changed.
    func changed(in container: Preferences) {
        group._withUnsafeGuaranteedRef { group in
            keyPath._withUnsafeGuaranteedRef {
                group.registrar.willSet(container, keyPath: $0)
                group.registrar.didSet(container, keyPath: $0)
            }
        }
    }
}

extension Preferences {
    /// The Observation member of one bound key path within its group (see ``ObservationAnchors``).
    subscript(observed member: Int) -> Int { 0 }
}
