import PrefsTestSupport

#if canImport(Glibc) && !canImport(Darwin)
import Dispatch
import Foundation
import Glibc
import Testing

@testable import Prefs

/// Linux's platform part of file watching: the events in the records inotify returns.
@Suite struct InotifyFolderEventSourceTests {
    /// One `inotify_event` record, its name padded with zeros as the kernel pads it.
    private func record(_ mask: Int32, _ name: String = "", padding: Int = 4, watch: Int32 = 1) -> [UInt8] {
        let nameBytes = name.isEmpty ? [] : Array(name.utf8) + [UInt8](repeating: 0, count: padding)
        var event = inotify_event()
        event.wd = watch
        event.mask = UInt32(mask)
        event.len = UInt32(nameBytes.count)
        return withUnsafeBytes(of: event) { Array($0) } + nameBytes
    }

    private func events(_ records: [[UInt8]], files: [WatchedFile] = []) -> [FolderEvent] {
        Array(records.joined()).withUnsafeBytes { InotifyFolderEventSource.events(in: $0, files: files) }
    }

    /// The folder's records name their entries; a watched file's records name nothing, and are its writes in place
    /// (the entry the watch was added for), or, once its watch is removed, nothing to report.
    @Test func eachRecordNamesItsEntryOrTheFileWrittenInPlace() {
        let records = [
            record(IN_CREATE, ".preferences.json.1.tmp"), record(IN_MOVED_TO, "preferences.json", padding: 12),
            record(IN_CLOSE_WRITE, watch: 2), record(IN_IGNORED, watch: 2),
        ]
        #expect(
            events(records, files: [WatchedFile(watch: 2, name: "preferences.json")]) == [
                .entry(".preferences.json.1.tmp"), .entry("preferences.json"), .written("preferences.json"),
            ]
        )
    }

    /// A folder of many entries is watched without an event about its entries' contents, which would make the kernel
    /// mark each of them (milliseconds for a few thousand): the writes in place of the file that matters still reach
    /// the handler, and a write into another file of the folder does not.
    @Test func writesInPlaceAreSeenOnTheWatchedFileOnly() throws {
        let folder = try TemporaryDirectory()
        let paths = try ["other.json", "preferences.json"].map { try folder.write("{}", to: $0).path }
        let heard = Collected<FolderEvent>()
        let queue = DispatchQueue(label: "InotifyFolderEventSourceTests")
        let source = try InotifyFolderEventSource(directory: folder.url.path, queue: queue) { events in
            for event in events { heard.append(event) }
        }
        defer { source.cancel() }
        source.watchWrites(into: ["preferences.json"])
        for path in paths {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: Data("{\"a\":1}".utf8))
            try handle.close()
        }
        eventually { heard.all.contains(.written("preferences.json")) }
        queue.sync {}
        #expect(heard.all == [.written("preferences.json")])
    }

    /// A file replaced by a rename is watched anew when the names are handed over again (as the watcher does after each
    /// event), and an entry that leads to the folder itself leaves the folder's own events as they were.
    @Test func aReplacedFileIsWatchedAnewAndTheFolderKeepsItsEvents() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("{}").path
        let heard = Collected<FolderEvent>()
        let queue = DispatchQueue(label: "InotifyFolderEventSourceTests")
        let source = try InotifyFolderEventSource(directory: folder.url.path, queue: queue) { events in
            for event in events { heard.append(event) }
        }
        defer { source.cancel() }
        source.watchWrites(into: ["preferences.json", "."])
        let replacement = try folder.write("{\"a\":1}", to: "replacement.json").path
        #expect(rename(replacement, file) == 0)
        eventually { heard.all.contains(.entry("preferences.json")) }
        source.watchWrites(into: ["preferences.json", "."])
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.write(contentsOf: Data("{\"a\":2}".utf8))
        try handle.close()
        eventually { heard.all.contains(.written("preferences.json")) }
        queue.sync {}
        #expect(
            heard.all == [
                .entry("replacement.json"), .entry("replacement.json"), .entry("preferences.json"),
                .written("preferences.json"),
            ])
    }

    @Test func theFolderGoingAwayOrAnOverflowNamesNothing() {
        let lost = events([record(IN_DELETE_SELF), record(IN_MOVE_SELF), record(IN_Q_OVERFLOW)])
        #expect(lost == [.unnamed, .unnamed, .unnamed])
    }

    @Test func aRecordCutShortEndsTheBatch() {
        let whole = record(IN_DELETE, "a.json")
        let cut = Array(record(IN_DELETE, "b.json").prefix(MemoryLayout<inotify_event>.size - 1))
        #expect(events([whole, cut]) == [.entry("a.json")])
    }
}
#endif
