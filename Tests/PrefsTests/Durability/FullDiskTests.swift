import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

extension PreferenceKeys {
    fileprivate var notes: Key<String> { Key("notes", default: "") }
}

/// A real file system that fills up: a 64 KB tmpfs (mounting one needs root; the test is skipped elsewhere). No
/// fault is injected: the kernel says `ENOSPC` when the temporary file no longer fits.
@Suite(.enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root")) struct FullDiskTests {
    @Test func aWriteThatNoLongerFitsFailsCleanlyAndSucceedsOnceSpaceReturns() throws {
        let disk = try SmallFileSystem(kilobytes: 64)
        defer { disk.unmount() }
        let url = disk.folder.appendingPathComponent("app/preferences.json")
        let store = try FilePreferenceStore(url: url)
        let prefs = Preferences(store: store)
        prefs[\.notes] = String(repeating: "a", count: 8_000)
        try prefs.flush()
        let before = try Data(contentsOf: url)
        let seen = Collected<Int>()
        let token = prefs.observe(\.notes) { seen.append($0.newValue.count) }
        defer { token.cancel() }

        let filler = disk.folder.appendingPathComponent("filler")
        try disk.fill(with: filler, leaving: 12 * 1024)
        prefs[\.notes] = String(repeating: "b", count: 20_000)  // the temporary file needs 20 KB: it does not fit
        let thrown = #expect(throws: PreferenceWriteError.self) { try prefs.flush() }
        #expect(
            (thrown?.underlying as? FilePreferenceStoreError)?.errorNumber == ENOSPC, "\(String(describing: thrown))")
        #expect(prefs[\.notes].count == 8_000, "the old value is kept")
        #expect(eventually("the observer is told the old value again") { seen.all == [20_000, 8_000] })
        #expect(try Data(contentsOf: url) == before, "the file is the old one")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted()
                == ["preferences.json", "preferences.json.lock"], "no temporary file is left")

        try FileManager.default.removeItem(at: filler)  // space returns
        prefs[\.notes] = String(repeating: "c", count: 20_000)
        try prefs.flush()
        #expect(
            try PreferenceJSON.decode(Data(contentsOf: url))["notes"] == .string(String(repeating: "c", count: 20_000)))
    }
}

/// A tmpfs of a given size, mounted on a temporary folder.
struct SmallFileSystem {
    let folder: URL

    /// Whether this process may mount one (root, in a sandbox that allows it), found by trying once.
    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? SmallFileSystem(kilobytes: 64) else { return false }
        disk.unmount()
        return true
    }()

    init(kilobytes: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-tmpfs-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path]) else {
            try? FileManager.default.removeItem(at: folder)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Writes `file` until the file system has about `leaving` bytes free.
    func fill(with file: URL, leaving: Int) throws {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        try Data(count: max(0, free - leaving)).write(to: file)
    }

    func unmount() {
        _ = Self.run("/bin/umount", [folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let status = process.exitStatus()
        return status == 0
    }
}
