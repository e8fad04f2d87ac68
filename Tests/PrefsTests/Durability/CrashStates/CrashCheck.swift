import Foundation
import Logging
import PrefsTestSupport

@testable import Prefs

/// Opens every crash state of an operation with a fresh store, as the app does after a power cut, and checks what it
/// finds: the file reads as it was before the operation or after it (after it, once the operation returned), never a
/// mix, never empty when it was not, never a parse failure; the temporary files left are harmless and the next write
/// removes them; the lock file is there after that write.
struct CrashCheck {
    /// The store's file, relative to the traced folder (a symbolic link, for the write through a link).
    let storePath: String
    /// The file's members before and after the operation.
    let before: [String: PreferenceValue]
    let after: [String: PreferenceValue]

    /// Where states are materialised: a RAM file system when there is one, so that the recovery writes' `fsync`s
    /// cost nothing.
    static let scratch: URL = {
        let shared = URL(fileURLWithPath: "/dev/shm")
        return FileManager.default.isWritableFile(atPath: shared.path) ? shared : FileManager.default.temporaryDirectory
    }()

    /// The problem with one crash state, or nil.
    func violation(in tree: FileTree, afterCompletion: Bool) -> String? {
        let root = Self.scratch.appendingPathComponent("prefs-crash-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try tree.materialize(in: root)
            let url = root.appendingPathComponent(storePath)
            let (logger, messages) = CapturingLogHandler.logger()
            let store: FilePreferenceStore
            do {
                store = try FilePreferenceStore(
                    url: url, watchesForChanges: false, corruptionPolicy: .refuse, logger: logger)
            } catch {
                return "a fresh store does not open it: \(error)"
            }
            let members = Dictionary(uniqueKeysWithValues: store.keys().map { ($0, store.value(forKey: $0)!) })
            if members != after && (afterCompletion || members != before) {
                let what: String
                if members == before {
                    what = "the state before (the operation had returned)"
                } else if members.isEmpty {
                    what = "empty"
                } else {
                    what = "a mix: \(members.keys.sorted())"
                }
                return "the file reads as \(what)"
            }
            if messages.all.contains(where: { $0.level >= .error }) { return "errors logged: \(messages.text)" }
            try store.write(["prefs.crash-check": true])
            let target = URL(fileURLWithPath: try FilePreferenceStore.resolvedPath(of: url.path))
            let folder = target.deletingLastPathComponent()
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            if let leftover = names.first(where: { $0.hasSuffix(".tmp") }) {
                return "the next write left \(leftover)"
            }
            if !names.contains(target.lastPathComponent + ".lock") { return "no lock file after the next write" }
            var expected = members
            expected["prefs.crash-check"] = true
            let reread = try PreferenceJSON.decode(Data(contentsOf: target))
            if reread != expected { return "the next write lost members: \(reread.keys.sorted())" }
            return nil
        } catch {
            return "checking it failed: \(error)"
        }
    }
}
