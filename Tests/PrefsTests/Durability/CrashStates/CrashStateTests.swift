import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

/// Every crash state of the file store's operations, enumerated from the system calls they make (as ALICE and
/// CrashMonkey do), under three persistence models, each opened by a fresh store and checked (see ``CrashCheck``).
/// The counts of states per class, operation and model are printed; a protocol broken on purpose (no `fsync` of the
/// folder, a rename before the `fsync` of the data, a folder created without an `fsync` of its parent) is caught.
@Suite(.serialized) struct CrashStateTests {
    /// One recorded operation of the file store: its trace, the tree before it, and what the file holds before and
    /// after.
    struct Recorded {
        let name: String
        let trace: [TraceOp]
        let initial: FileTree
        let initialInodes: [String: Int]
        let check: CrashCheck
    }

    /// A value that makes the file span four 512-byte sectors, so that torn writes have sectors to tear.
    static let text = String(repeating: "0123456789abcdef", count: 110)

    /// Records `operation` on a store of the file `storePath` under a folder prepared by `prepare`.
    static func record(
        _ name: String, storePath: String = "app/preferences.json",
        prepare: (URL) throws -> Void = { _ in },
        _ operation: (FilePreferenceStore) throws -> Void
    ) throws -> Recorded {
        let root = CrashCheck.scratch.appendingPathComponent("prefs-trace-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try prepare(root)
        let url = root.appendingPathComponent(storePath)
        let read = { () -> [String: PreferenceValue] in
            guard let data = try? Data(contentsOf: url) else { return [:] }
            return try PreferenceJSON.decode(data)
        }
        let before = try read()
        let recorder = try TraceRecorder(root: root)
        let store = try FilePreferenceStore(url: url, watchesForChanges: false, systemCalls: recorder.systemCalls)
        try operation(store)
        return Recorded(
            name: name, trace: recorder.trace, initial: recorder.initial, initialInodes: recorder.initialInodes,
            check: CrashCheck(storePath: storePath, before: before, after: try read()))
    }

    /// A folder with a preferences file that earlier writes left: the file and its lock.
    static func existingFile(_ root: URL, at path: String = "app/preferences.json") throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PreferenceJSON.encode(["name": "Ada", "volume": 1, "notes": .string(text)]).write(to: url)
        _ = FileManager.default.createFile(atPath: url.path + ".lock", contents: nil)
    }

    /// The operations the issue names.
    static func operations() throws -> [Recorded] {
        [
            try record("write", prepare: { try existingFile($0) }) { store in
                try store.write(["volume": 2, "notes": .string(text.uppercased())])
            },
            try record(
                "write after a crash left a temporary file",
                prepare: { root in
                    try existingFile(root)
                    try Data("{\"half".utf8).write(to: root.appendingPathComponent("app/.preferences.json.4242.7.tmp"))
                }
            ) { store in
                try store.write(["volume": 2])
            },
            try record("transaction", prepare: { try existingFile($0) }) { store in
                try store.transaction { transaction in
                    guard case .integer(let volume)? = try transaction.value(forKey: "volume") else { return }
                    transaction.setValue(.integer(volume + 1), forKey: "volume")
                    transaction.setValue(nil, forKey: "name")
                }
            },
            try record("import", prepare: { try existingFile($0) }) { store in
                let document = PreferenceJSON.encode(["theme": "dark", "notes": .string(text.lowercased())])
                try Preferences(store: store).importJSON(document, mode: .replace)
            },
            try record("first write (creates the file and its folder)") { store in
                try store.write(["volume": 1, "notes": .string(text)])
            },
            try record(
                "write through a symbolic link", storePath: "config/preferences.json",
                prepare: { root in
                    try existingFile(root, at: "dotfiles/prefs.json")
                    try FileManager.default.createDirectory(
                        at: root.appendingPathComponent("config"), withIntermediateDirectories: true)
                    try FileManager.default.createSymbolicLink(
                        atPath: root.appendingPathComponent("config/preferences.json").path,
                        withDestinationPath: "../dotfiles/prefs.json")
                }
            ) { store in
                try store.write(["volume": 3])
            },
        ]
    }

    /// Checks every state of a trace under a model; returns the counts and the violations.
    static func check(
        _ recorded: Recorded, trace: [TraceOp]? = nil, model: PersistenceModel
    ) -> (states: CrashStates, violations: [String]) {
        let states = CrashStates(
            trace: trace ?? recorded.trace, initial: recorded.initial, initialInodes: recorded.initialInodes,
            model: model)
        var violations: [String] = []
        for (tree, state) in states.states {
            if let problem = recorded.check.violation(in: tree, afterCompletion: state.afterCompletion) {
                violations.append("\(problem) [\(state.crashClass.rawValue): \(state.example)]")
            }
        }
        return (states, violations)
    }

    @Test func everyCrashStateOfEveryOperationRecovers() throws {
        var report = ["crash states checked, by class (prefix / data lost or torn / folder operations reordered)"]
        var total = 0
        for recorded in try Self.operations() {
            #expect(
                !recorded.trace.contains {
                    if case .unlink(let path, _) = $0 { path.hasSuffix(".lock") } else { false }
                },
                "\(recorded.name): the lock file is never removed")
            #expect(recorded.check.after != recorded.check.before, "\(recorded.name) changes the file")
            for model in PersistenceModel.allCases {
                let (states, violations) = Self.check(recorded, model: model)
                let counts = states.counts
                total += states.states.count
                report.append(
                    "\(recorded.name) | \(model.rawValue) | \(recorded.trace.count) calls | "
                        + CrashClass.allCases.map { String(counts[$0] ?? 0) }.joined(separator: " / ")
                        + " | \(states.states.count) distinct of \(states.generated) generated")
                #expect(violations.isEmpty, "\(recorded.name), \(model.rawValue): \(violations.prefix(3))")
                // The first write is the only operation with unsynced folder operations that can be reordered.
                if model == .posixWeakest, recorded.name.hasPrefix("first write") {
                    #expect(counts[.directoryReordered, default: 0] > 0, "\(recorded.name): the weak model reorders")
                }
                if model != .inOrder {
                    #expect(counts[.dataLostOrTorn, default: 0] > 0, "\(recorded.name): the model tears data")
                }
            }
        }
        report.append("total: \(total) states")
        print(report.joined(separator: "\n"))
    }

    /// The write protocol without the folder's `fsync`: a crash after the write returned can lose it, in every model.
    @Test func withoutTheFoldersFsyncACompletedWriteCanBeLost() throws {
        let recorded = try Self.operations()[0]
        let broken = recorded.trace.filter { if case .syncDirectory = $0 { false } else { true } }
        for model in PersistenceModel.allCases {
            let (_, violations) = Self.check(recorded, trace: broken, model: model)
            #expect(violations.contains { $0.contains("the state before (the operation had returned)") }, "\(model)")
        }
    }

    /// The rename issued before the data's `fsync`: the renamed file can be empty or torn, which only a model that
    /// lets data persist after a later rename shows (a killed process never leaves it).
    @Test func aRenameBeforeTheDataIsSyncedCanLeaveATornFile() throws {
        let recorded = try Self.operations()[0]
        var broken = recorded.trace
        let rename = try #require(broken.firstIndex { if case .rename = $0 { true } else { false } })
        let sync = try #require(broken.firstIndex { if case .syncFile = $0 { true } else { false } })
        broken.insert(broken.remove(at: rename), at: sync)
        #expect(Self.check(recorded, trace: broken, model: .inOrder).violations.isEmpty)
        for model in [PersistenceModel.ext4Ordered, .posixWeakest] {
            let (_, violations) = Self.check(recorded, trace: broken, model: model)
            #expect(violations.contains { $0.contains("does not open") || $0.contains("empty") }, "\(model)")
        }
    }

    /// A folder created without an `fsync` of its parent, as the store did before: under the weakest model, its entry
    /// can be lost after the first write returned, and the file with it.
    @Test func aFolderNotSyncedInItsParentCanLoseTheFirstWrite() throws {
        let recorded = try Self.operations()[4]
        var broken = recorded.trace
        let made = try #require(broken.firstIndex { if case .makeDirectory = $0 { true } else { false } })
        #expect(broken[made + 1] == .syncDirectory(path: ""), "the store syncs the parent right after mkdir")
        broken.remove(at: made + 1)
        #expect(
            Self.check(recorded, trace: broken, model: .posixWeakest).violations.contains {
                $0.contains("the state before (the operation had returned)")
            })
        #expect(Self.check(recorded, trace: broken, model: .ext4Ordered).violations.isEmpty, "ext4 keeps the order")
    }
}
