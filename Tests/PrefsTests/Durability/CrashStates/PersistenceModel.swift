/// What a file system may have on the device after a crash, given the operations issued before it: a named model of
/// which operations persist, in what order, and whether data may persist in part.
///
/// - ``inOrder``: every operation persists in the order issued, each atomically except a write, which may persist in
///   part (a prefix of its 512-byte sectors). A crash leaves a prefix of the trace: this is what a killed process
///   leaves (the SIGKILL test), and ext4 with `data=journal` comes close to it.
/// - ``ext4Ordered``: after ALICE's abstract persistence model of ext4 with `data=ordered` (Pillai et al., OSDI 2014),
///   as modelled here: folder operations (create, mkdir, rename, link, unlink) persist atomically and in the order
///   issued; file data not yet `fsync`ed may be lost, persisted, persisted in part (any subset of its sectors, the
///   rest zeros), or leave only the new size with zeros (delayed allocation), independently of the folder operations
///   around it, so a rename may persist before the data of the file renamed.
/// - ``posixWeakest``: only what POSIX promises: data as in ``ext4Ordered``, and folder operations not made durable
///   by an `fsync` of their folder may persist in any combination: reordered or lost.
///
/// In every model an `fsync` of a file makes its earlier writes durable, and an `fsync` of a folder its earlier
/// entry operations; nothing else is assumed (an `fsync` of a file does not make its name durable).
enum PersistenceModel: String, CaseIterable, Sendable {
    case inOrder = "in order (prefixes; ext4 data=journal)"
    case ext4Ordered = "ext4 data=ordered (ALICE)"
    case posixWeakest = "POSIX weakest (folder operations reordered)"
}

/// How one write persisted in a crash state.
enum WritePersistence: Hashable {
    case none
    case full
    /// Only these sectors (512 bytes each, from the write's offset); the others read as zeros.
    case sectors(Set<Int>)
    /// Only the new size: the file is extended with zeros.
    case sizeOnly
}

/// Why a crash state is unlike what a killed process leaves.
enum CrashClass: String, CaseIterable, Comparable, Sendable {
    case prefix = "a prefix of the trace"
    case dataLostOrTorn = "unsynced data lost or torn"
    case directoryReordered = "folder operations reordered or lost"

    static func < (lhs: CrashClass, rhs: CrashClass) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The distinct crash states of a trace under a model, each with its least unusual class and whether it is one that
/// a crash after the whole trace (the operation returned) can leave.
struct CrashStates {
    struct State {
        var crashClass: CrashClass
        var afterCompletion: Bool
        var example: String
    }

    private(set) var states: [FileTree: State] = [:]
    /// How many combinations were generated (before identical file trees were merged).
    private(set) var generated = 0

    static let sectorSize = 512

    init(trace: [TraceOp], initial: FileTree, initialInodes: [String: Int], model: PersistenceModel) {
        let prefixes = Set(
            (0...trace.count).map { count in
                Self.apply(
                    trace,
                    persisted: Array(repeating: .full, count: count)
                        + Array(repeating: .none, count: trace.count - count),
                    initial: initial, inodes: initialInodes)
            })
        for crash in 0...trace.count {
            let issued = Array(trace[..<crash])
            for choice in Self.choices(issued, model: model) {
                generated += 1
                let padded = choice + Array(repeating: WritePersistence.none, count: trace.count - crash)
                let tree = Self.apply(trace, persisted: padded, initial: initial, inodes: initialInodes)
                let crashClass: CrashClass =
                    prefixes.contains(tree)
                    ? .prefix : Self.directoryOperationsInOrder(issued, choice) ? .dataLostOrTorn : .directoryReordered
                let example = zip(issued, choice).map { "\($0)\(Self.mark($1))" }.joined(separator: "; ")
                var state = states[tree] ?? State(crashClass: crashClass, afterCompletion: false, example: example)
                if crashClass < state.crashClass { (state.crashClass, state.example) = (crashClass, example) }
                if crash == trace.count { state.afterCompletion = true }
                states[tree] = state
            }
        }
    }

    /// The distinct states of each class.
    var counts: [CrashClass: Int] {
        var counts: [CrashClass: Int] = [:]
        for state in states.values { counts[state.crashClass, default: 0] += 1 }
        return counts
    }

    private static func mark(_ persistence: WritePersistence) -> String {
        switch persistence {
        case .none: " ✗"
        case .full: ""
        case .sectors(let sectors): " (sectors \(sectors.sorted()))"
        case .sizeOnly: " (size only)"
        }
    }

    /// Whether the folder operations that persisted are the first ones issued.
    private static func directoryOperationsInOrder(_ issued: [TraceOp], _ choice: [WritePersistence]) -> Bool {
        var sawMissing = false
        for (operation, persistence) in zip(issued, choice) where operation.isDirectoryOperation {
            if persistence == .none {
                sawMissing = true
            } else if sawMissing {
                return false
            }
        }
        return true
    }

    /// Every combination of persistence of the issued operations that the model allows.
    private static func choices(_ issued: [TraceOp], model: PersistenceModel) -> [[WritePersistence]] {
        let forced = forcedOperations(issued)
        switch model {
        case .inOrder:
            var result: [[WritePersistence]] = []
            for count in 0...issued.count where forced.allSatisfy({ $0 < count }) {
                let full = Array(repeating: WritePersistence.full, count: count)
                let none = Array(repeating: WritePersistence.none, count: issued.count - count)
                result.append(full + none)
                if count < issued.count, case .write(_, _, let bytes) = issued[count] {
                    let sectors = sectorCount(bytes.count)
                    for prefix in 1..<max(1, sectors) {
                        var torn = full + none
                        torn[count] = .sectors(Set(0..<prefix))
                        result.append(torn)
                    }
                }
            }
            return result
        case .ext4Ordered, .posixWeakest:
            let directoryIndices = issued.indices.filter { issued[$0].isDirectoryOperation }
            var directoryChoices: [Set<Int>] = []
            if model == .ext4Ordered {
                let lastForced = directoryIndices.filter(forced.contains).max()
                for count in 0...directoryIndices.count {
                    let chosen = Set(directoryIndices.prefix(count))
                    if let lastForced, !chosen.contains(lastForced) { continue }
                    directoryChoices.append(chosen)
                }
            } else {
                let free = directoryIndices.filter { !forced.contains($0) }
                let fixed = Set(directoryIndices.filter(forced.contains))
                for mask in 0..<(1 << free.count) {
                    directoryChoices.append(
                        fixed.union(free.indices.filter { mask & (1 << $0) != 0 }.map { free[$0] }))
                }
            }
            let writes = issued.indices.filter { if case .write = issued[$0] { true } else { false } }
            var dataChoices: [[Int: WritePersistence]] = [[:]]
            for index in writes {
                guard case .write(_, _, let bytes) = issued[index] else { continue }
                let options = forced.contains(index) ? [.full] : writeOptions(sectorCount(bytes.count))
                dataChoices = dataChoices.flatMap { partial in
                    options.map { option in partial.merging([index: option]) { $1 } }
                }
            }
            var result: [[WritePersistence]] = []
            for directories in directoryChoices {
                for data in dataChoices {
                    result.append(
                        issued.indices.map { index in
                            if issued[index].isDirectoryOperation { return directories.contains(index) ? .full : .none }
                            return data[index] ?? .full  // syncs
                        })
                }
            }
            return result
        }
    }

    /// What an unsynced write of `sectors` sectors may leave.
    private static func writeOptions(_ sectors: Int) -> [WritePersistence] {
        var options: [WritePersistence] = [.none, .full, .sizeOnly]
        if sectors <= 4 {
            for mask in 1..<((1 << sectors) - 1) {
                options.append(.sectors(Set((0..<sectors).filter { mask & (1 << $0) != 0 })))
            }
        } else {
            for prefix in 1..<sectors { options.append(.sectors(Set(0..<prefix))) }
            for missing in 0..<sectors { options.append(.sectors(Set(0..<sectors).subtracting([missing]))) }
        }
        return options
    }

    private static func sectorCount(_ bytes: Int) -> Int { max(1, (bytes + sectorSize - 1) / sectorSize) }

    /// The indices of the operations that an `fsync` issued later makes durable.
    private static func forcedOperations(_ issued: [TraceOp]) -> Set<Int> {
        var forced: Set<Int> = []
        for (syncIndex, operation) in issued.enumerated() {
            switch operation {
            case .syncFile(let inode):
                for index in 0..<syncIndex {
                    if case .write(inode, _, _) = issued[index] { forced.insert(index) }
                }
            case .syncDirectory(let path):
                for index in 0..<syncIndex where issued[index].directories.contains(path) { forced.insert(index) }
            default: break
            }
        }
        return forced
    }

    /// The tree a crash leaves when the operations persisted as `persisted` says.
    static func apply(
        _ trace: [TraceOp], persisted: [WritePersistence], initial: FileTree, inodes initialInodes: [String: Int]
    ) -> FileTree {
        var names = initialInodes
        var contents: [Int: [UInt8]] = [:]
        for (path, inode) in initialInodes { contents[inode] = initial.files[path] }
        var directories = initial.directories
        for (operation, persistence) in zip(trace, persisted) where persistence != .none {
            switch operation {
            case .create(let path, let inode):
                names[path] = inode
                contents[inode] = contents[inode] ?? []
            case .makeDirectory(let path): directories.insert(path)
            case .write(let inode, let offset, let bytes):
                var data = contents[inode] ?? []
                if data.count < offset + bytes.count {
                    data += Array(repeating: 0, count: offset + bytes.count - data.count)
                }
                for (index, byte) in bytes.enumerated() {
                    let written: Bool =
                        switch persistence {
                        case .full: true
                        case .sectors(let sectors): sectors.contains(index / sectorSize)
                        case .sizeOnly, .none: false
                        }
                    if written { data[offset + index] = byte }
                }
                contents[inode] = data
            case .rename(let from, let to, let inode):
                if names[from] == inode { names[from] = nil }
                names[to] = inode
                contents[inode] = contents[inode] ?? []
            case .link(_, let to, let inode):
                names[to] = inode
                contents[inode] = contents[inode] ?? []
            case .unlink(let path, let inode):
                if names[path] == inode { names[path] = nil }
            case .syncFile, .syncDirectory: break
            }
        }
        var tree = FileTree(directories: [], files: [:], links: [:])
        func reachable(_ path: String) -> Bool {
            var folder = FileTree.parent(of: path)
            while !folder.isEmpty {
                guard directories.contains(folder) else { return false }
                folder = FileTree.parent(of: folder)
            }
            return true
        }
        tree.directories = directories.filter { $0.isEmpty || reachable($0) }
        for (path, inode) in names where reachable(path) { tree.files[path] = contents[inode] ?? [] }
        tree.links = initial.links.filter { reachable($0.key) }
        return tree
    }
}
