/// Where Observation tracks a cached stored key: one registrar per group of entries and one member key path per
/// entry of a group, so that each entry has a pair of its own and a change reaches only who read that key.
///
/// Observation tracks a read as its registrar and key path (the subject names neither). A key path with an argument
/// per entry would cost about 10,000 instructions to make (its argument types are looked up by mangled name); a
/// registrar costs about 700, and the member key paths are made once per process.
struct ObservationAnchors: Sendable {
    /// How many entries share a registrar, each with its own member key path.
    static let groupSize = 32
    /// The member key paths, `\Preferences.[observed: member]`, made once per process.
    static let members: [any KeyPath<Preferences, Int> & Sendable] = (0..<groupSize).map {
        \Preferences.[observed: $0]
    }

    private var registrars: [ObservationRegistrar] = []

    /// The anchor of an entry, making its group's registrar when the entry is the group's first.
    mutating func anchor(of entry: EntryID) -> ObservationAnchor {
        let (group, member) = Int(entry.index).quotientAndRemainder(dividingBy: Self.groupSize)
        while registrars.count <= group { registrars.append(ObservationRegistrar()) }
        return ObservationAnchor(registrar: registrars[group], member: member)
    }
}

/// The registrar and member key path under which Observation tracks one cached stored key.
@usableFromInline
struct ObservationAnchor: Sendable {
    let registrar: ObservationRegistrar
    let member: Int

    /// Records a read of the key, for whoever tracks reads on this thread (SwiftUI, `withObservationTracking`).
    @usableFromInline func access(in container: Preferences) {
        registrar.access(container, keyPath: ObservationAnchors.members[member])
    }

    /// Tells whoever tracked a read of the key that it changed.
    func changed(in container: Preferences) {
        let keyPath = ObservationAnchors.members[member]
        registrar.willSet(container, keyPath: keyPath)
        registrar.didSet(container, keyPath: keyPath)
    }
}

extension Preferences {
    /// The Observation member of one cached stored key within its group (see ``ObservationAnchors``).
    subscript(observed member: Int) -> Int { 0 }
}
