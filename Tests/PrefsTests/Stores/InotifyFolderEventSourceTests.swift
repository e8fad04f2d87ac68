import PrefsTestSupport

#if canImport(Glibc) && !canImport(Darwin)
import Glibc
import Testing

@testable import Prefs

/// Linux's platform part of file watching: the events in the records inotify returns.
@Suite struct InotifyFolderEventSourceTests {
    /// One `inotify_event` record, its name padded with zeros as the kernel pads it.
    private func record(_ mask: Int32, _ name: String = "", padding: Int = 4) -> [UInt8] {
        let nameBytes = name.isEmpty ? [] : Array(name.utf8) + [UInt8](repeating: 0, count: padding)
        var event = inotify_event()
        event.wd = 1
        event.mask = UInt32(mask)
        event.len = UInt32(nameBytes.count)
        return withUnsafeBytes(of: event) { Array($0) } + nameBytes
    }

    private func events(_ records: [[UInt8]]) -> [FolderEvent] {
        Array(records.joined()).withUnsafeBytes { InotifyFolderEventSource.events(in: $0) }
    }

    @Test func eachRecordNamesItsEntryAndWhetherItWasWrittenInPlace() {
        let records = [
            record(IN_CREATE, ".preferences.json.1.tmp"), record(IN_MOVED_TO, "preferences.json", padding: 12),
            record(IN_CLOSE_WRITE, "preferences.json.lock"),
        ]
        #expect(
            events(records) == [
                .entry(".preferences.json.1.tmp"), .entry("preferences.json"), .written("preferences.json.lock"),
            ]
        )
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
