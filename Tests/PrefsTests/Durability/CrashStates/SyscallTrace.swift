import Foundation
import SystemPackage

@testable import Prefs

/// One operation of a recorded trace that changes what a crash can leave: file data, folder entries, syncs. Paths are
/// relative to the traced folder; files are numbered by inode, as the model tracks them.
enum TraceOp: Equatable, CustomStringConvertible {
    /// A new empty file.
    case create(path: String, inode: Int)
    /// A new folder.
    case makeDirectory(path: String)
    /// Bytes written into a file at an offset.
    case write(inode: Int, offset: Int, bytes: [UInt8])
    /// An entry moved over another, atomically.
    case rename(from: String, to: String, inode: Int)
    /// A second name for a file.
    case link(from: String, to: String, inode: Int)
    /// A name removed.
    case unlink(path: String, inode: Int)
    /// `fsync` of a file: its data (and size) are durable.
    case syncFile(inode: Int)
    /// `fsync` of a folder: its entries are durable.
    case syncDirectory(path: String)

    /// Whether it changes folder entries.
    var isDirectoryOperation: Bool {
        switch self {
        case .create, .makeDirectory, .rename, .link, .unlink: true
        default: false
        }
    }

    /// The folders whose entries it changes.
    var directories: Set<String> {
        switch self {
        case .create(let path, _), .makeDirectory(let path), .unlink(let path, _): [FileTree.parent(of: path)]
        case .rename(let from, let to, _), .link(let from, let to, _):
            [FileTree.parent(of: from), FileTree.parent(of: to)]
        default: []
        }
    }

    var description: String {
        switch self {
        case .create(let path, let inode): "create \(path) (#\(inode))"
        case .makeDirectory(let path): "mkdir \(path)"
        case .write(let inode, let offset, let bytes): "write #\(inode) @\(offset) \(bytes.count) B"
        case .rename(let from, let to, _): "rename \(from) → \(to)"
        case .link(let from, let to, _): "link \(from) → \(to)"
        case .unlink(let path, _): "unlink \(path)"
        case .syncFile(let inode): "fsync #\(inode)"
        case .syncDirectory(let path): "fsync \(path.isEmpty ? "." : path)/"
        }
    }
}

/// The files, folders and links under a folder: what a crash state is, and what the model starts from.
struct FileTree: Hashable {
    var directories: Set<String> = [""]
    var files: [String: [UInt8]] = [:]
    var links: [String: String] = [:]

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// What is under `root` now.
    static func snapshot(of root: URL) throws -> FileTree {
        var tree = FileTree()
        let manager = FileManager.default
        func visit(_ relative: String) throws {
            let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
            for name in try manager.contentsOfDirectory(atPath: url.path).sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = root.appendingPathComponent(path).path
                let type = try FilePath(full).stat(followTargetSymlink: false).type
                if type == .symbolicLink {
                    tree.links[path] = try manager.destinationOfSymbolicLink(atPath: full)
                } else if type == .directory {
                    tree.directories.insert(path)
                    try visit(path)
                } else {
                    tree.files[path] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: full)))
                }
            }
        }
        try visit("")
        return tree
    }

    /// Creates this tree in the empty folder `root`.
    func materialize(in root: URL) throws {
        for directory in directories.sorted(by: { $0.count < $1.count }) where !directory.isEmpty {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        for (path, bytes) in files { try Data(bytes).write(to: root.appendingPathComponent(path)) }
        for (path, destination) in links {
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent(path).path, withDestinationPath: destination)
        }
    }
}

/// Records the system calls of a file store under a folder as ``TraceOp``s, while making them: the store runs on the
/// real file system, and the trace is what a crash-state model replays.
final class TraceRecorder: @unchecked Sendable {
    let root: URL
    let initial: FileTree
    private let lock = NSLock()
    private var operations: [TraceOp] = []
    private var names: [String: Int] = [:]
    private var nextInode = 1
    private var descriptors: [Int32: (inode: Int?, directory: String?, offset: Int)] = [:]

    init(root: URL) throws {
        self.root = root.resolvingSymlinksInPath()
        initial = try FileTree.snapshot(of: self.root)
        for path in initial.files.keys.sorted() {
            names[path] = nextInode
            nextInode += 1
        }
    }

    /// The operations recorded so far.
    var trace: [TraceOp] { lock.withLock { operations } }

    /// The inodes of the files the initial tree has, by path.
    var initialInodes: [String: Int] {
        var inodes: [String: Int] = [:]
        for (index, path) in initial.files.keys.sorted().enumerated() { inodes[path] = index + 1 }
        return inodes
    }

    private func relative(_ path: String) -> String? {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = root.path
        guard resolved.hasPrefix(prefix) else { return nil }
        var rest = String(resolved.dropFirst(prefix.count))
        if rest.hasPrefix("/") { rest.removeFirst() }
        return rest
    }

    private func record(_ operation: TraceOp) { operations.append(operation) }

    /// The real system calls, recorded.
    var systemCalls: SystemCalls {
        let real = SystemCalls.system
        var calls = real
        calls.open = { [self] path, mode in
            let existed = FileManager.default.fileExists(atPath: path)
            let descriptor = try real.open(path, mode)
            lock.withLock {
                guard let name = relative(path) else { return }
                switch mode {
                case .folder:
                    descriptors[descriptor.rawValue] = (nil, name, 0)
                case .createNew,
                    .lockFile where !existed:
                    let inode = nextInode
                    nextInode += 1
                    names[name] = inode
                    record(.create(path: name, inode: inode))
                    descriptors[descriptor.rawValue] = (inode, nil, 0)
                default:
                    descriptors[descriptor.rawValue] = (names[name], nil, 0)
                }
            }
            return descriptor
        }
        calls.write = { [self] descriptor, bytes in
            let count = try real.write(descriptor, bytes)
            lock.withLock {
                guard let entry = descriptors[descriptor.rawValue], let inode = entry.inode else { return }
                record(.write(inode: inode, offset: entry.offset, bytes: Array(bytes.prefix(count))))
                descriptors[descriptor.rawValue]?.offset += count
            }
            return count
        }
        calls.synchronize = { [self] descriptor in
            try real.synchronize(descriptor)
            lock.withLock {
                guard let entry = descriptors[descriptor.rawValue] else { return }
                if let directory = entry.directory {
                    record(.syncDirectory(path: directory))
                } else if let inode = entry.inode {
                    record(.syncFile(inode: inode))
                }
            }
        }
        calls.close = { [self] descriptor in
            lock.withLock { descriptors[descriptor.rawValue] = nil }
            try real.close(descriptor)
        }
        calls.rename = { [self] source, destination in
            try real.rename(source, destination)
            lock.withLock {
                guard let from = relative(source), let to = relative(destination), let inode = names[from] else {
                    return
                }
                names[to] = inode
                names[from] = nil
                record(.rename(from: from, to: to, inode: inode))
            }
        }
        calls.link = { [self] source, name in
            try real.link(source, name)
            lock.withLock {
                guard let from = relative(source), let to = relative(name), let inode = names[from] else { return }
                names[to] = inode
                record(.link(from: from, to: to, inode: inode))
            }
        }
        calls.unlink = { [self] path in
            try real.unlink(path)
            lock.withLock {
                guard let name = relative(path), let inode = names[name] else { return }
                names[name] = nil
                record(.unlink(path: name, inode: inode))
            }
        }
        calls.makeDirectory = { [self] path, permissions in
            try real.makeDirectory(path, permissions)
            lock.withLock { if let name = relative(path) { record(.makeDirectory(path: name)) } }
        }
        return calls
    }
}
