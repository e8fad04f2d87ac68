import Dispatch
import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

/// The shared part of file watching: which events concern the file, and when the file's own source must be opened
/// again. Each platform only reports events (inotify names the entry; Apple platforms' folder source names none,
/// ``FolderEvent/unnamed``, and their source on the file's descriptor reports ``FolderEvent/file(replaced:)``).
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

    /// A source on the file that the test fires by hand, as Apple platforms' source on the file's descriptor.
    final class ManualFileSource: FileEventSource {
        let handler: @Sendable ([FolderEvent]) -> Void
        let reopened = Collected<Bool>()
        let cancelled = Collected<Bool>()
        init(handler: @escaping @Sendable ([FolderEvent]) -> Void) { self.handler = handler }
        func reopen() { reopened.append(true) }
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
        #expect(FolderEvent.written("a.json").concerns(fileNamed: "a.json"))
        #expect(!FolderEvent.entry("a.json.lock").concerns(fileNamed: "a.json"))
        #expect(!FolderEvent.written("a.json.lock").concerns(fileNamed: "a.json"))
        #expect(FolderEvent.unnamed.concerns(fileNamed: "a.json"))
        #expect(FolderEvent.file(replaced: false).concerns(fileNamed: "a.json"))
    }

    @Test func underApplePlatformsShapeTheFolderNamesNothingAndTheFileReportsItsOwnWrites() {
        #expect(ApplePlatformsEventShape.event(.entry("other.json"), fileNamed: "a.json") == .unnamed)
        #expect(ApplePlatformsEventShape.event(.written("a.json"), fileNamed: "a.json") == .file(replaced: false))
        #expect(ApplePlatformsEventShape.event(.written("other.json"), fileNamed: "a.json") == nil)
        #expect(ApplePlatformsEventShape.event(.unnamed, fileNamed: "a.json") == .unnamed)
    }

    @Test func theFilesOwnSourceWakesItAndIsOpenedAgainWhenTheFileMayHaveBeenReplaced() throws {
        let changes = Collected<Bool>()
        let folders = Collected<ManualSource>(), files = Collected<ManualFileSource>()
        var watcher: FileWatcher? = try FileWatcher(
            path: "/tmp/app/preferences.json", onChange: { changes.append(true) }
        ) { directory, handler in
            let source = ManualSource(directory: directory, handler: handler)
            folders.append(source)
            return source
        } makeFileSource: { handler in
            let source = ManualFileSource(handler: handler)
            files.append(source)
            return source
        }
        let folder = folders.all[0], file = files.all[0]
        file.handler([.file(replaced: false)])  // an editor saved over the file: the folder's source says nothing
        #expect(changes.count == 1 && file.reopened.count == 0)
        file.handler([.file(replaced: true)])  // deleted or renamed: the path may name another file next
        #expect(changes.count == 2 && file.reopened.count == 1)
        folder.handler([.unnamed])  // an entry came or went, maybe a new file renamed over the path
        #expect(changes.count == 3 && file.reopened.count == 2)
        folder.handler([.entry("preferences.json.lock"), .written("preferences.json.lock")])
        #expect(changes.count == 3 && file.reopened.count == 2)
        folder.handler([.written("preferences.json")])  // Linux: a write in place, same file
        #expect(changes.count == 4 && file.reopened.count == 2)
        folder.handler([.entry("preferences.json")])  // Linux: renamed over, a new file
        #expect(changes.count == 5 && file.reopened.count == 3)
        watcher = nil
        #expect(file.cancelled.count == 1 && folder.cancelled.count == 1)
        _ = watcher
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
        let path = directory.file().path
        let watcher = try FileWatcher(
            path: path, onChange: { changes.append(true) },
            makeSource: ApplePlatformsEventShape.sources(forFileAt: path))
        try Data("{}".utf8).write(to: directory.file("unrelated.json"))
        eventually { changes.count >= 1 }
        _ = watcher
    }
}
