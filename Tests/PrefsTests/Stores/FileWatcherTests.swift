import Dispatch
import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

/// The shared part of file watching: which folder events concern the file. Each platform only reports events
/// (inotify names the entry; Apple platforms' folder source names none, ``FolderEvent/unnamed``).
@Suite struct FileWatcherTests {
    /// A folder event source the test fires by hand.
    final class ManualSource: FolderEventSource {
        let directory: String
        let handler: @Sendable ([FolderEvent]) -> Void
        let cancelled = Collected<Bool>()
        init(directory: String, handler: @escaping @Sendable ([FolderEvent]) -> Void) {
            self.directory = directory
            self.handler = handler
        }
        func cancel() { cancelled.append(true) }
    }

    private func makeWatcher(_ path: String) throws -> (FileWatcher, ManualSource, Collected<Bool>) {
        let changes = Collected<Bool>()
        let made = Collected<ManualSource>()
        let watcher = try FileWatcher(path: path, onChange: { changes.append(true) }) { directory, handler in
            let source = ManualSource(directory: directory, handler: handler)
            made.append(source)
            return source
        }
        return (watcher, made.all[0], changes)
    }

    @Test func itWatchesTheFolderAndIsWokenOnlyByEventsThatMayConcernTheFile() throws {
        let (watcher, source, changes) = try makeWatcher("/tmp/app/preferences.json")
        #expect(source.directory == "/tmp/app")
        source.handler([.entry("preferences.json.lock"), .entry(".preferences.json.123.tmp")])
        #expect(changes.count == 0)
        source.handler([.entry("other.json"), .entry("preferences.json")])
        #expect(changes.count == 1)
        source.handler([.unnamed])  // Apple platforms: every event; Linux: the folder went away, or events were lost
        #expect(changes.count == 2)
        _ = watcher
    }

    @Test func releasingTheWatcherCancelsItsSource() throws {
        var watcher: FileWatcher? = nil
        let source: ManualSource
        (watcher, source, _) = try makeWatcher("/tmp/app/preferences.json")
        #expect(source.cancelled.count == 0)
        watcher = nil
        #expect(source.cancelled.count == 1)
        _ = watcher
    }

    @Test func anEventConcernsTheFileItNamesOrAnyFileWhenItNamesNone() {
        #expect(FolderEvent.entry("a.json").concerns(fileNamed: "a.json"))
        #expect(!FolderEvent.entry("a.json.lock").concerns(fileNamed: "a.json"))
        #expect(FolderEvent.unnamed.concerns(fileNamed: "a.json"))
    }

    @Test func thePlatformSourceReportsChangesToTheWatchedFile() throws {
        let directory = try TemporaryDirectory()
        let changes = Collected<Bool>()
        let queue = DispatchQueue(label: "FileWatcherTests")
        let watcher = try FileWatcher(path: directory.file().path, queue: queue) { changes.append(true) }
        try Data("{}".utf8).write(to: directory.file("unrelated.json"))
        try Data("{}".utf8).write(to: directory.file(), options: .atomic)
        eventually { changes.count >= 1 }
        _ = watcher
    }

    @Test func underTheEventShapeOfApplePlatformsAnyChangeInTheFolderWakesIt() throws {
        let directory = try TemporaryDirectory()
        let changes = Collected<Bool>()
        let queue = DispatchQueue(label: "FileWatcherTests")
        let watcher = try FileWatcher.$reportsNames.withValue(false) {
            try FileWatcher(path: directory.file().path, queue: queue) { changes.append(true) }
        }
        try Data("{}".utf8).write(to: directory.file("unrelated.json"))
        eventually { changes.count >= 1 }
        _ = watcher
    }
}
