import Foundation
import Logging
import PrefsTestSupport
import Testing

@testable import Prefs

/// The file store under the event shape of Apple platforms, whose folder source names no entry: every change in the
/// folder wakes the store, which must tell by the file's identity whether to re-read it; a write in place into the
/// file reaches it through the file's own source only, as there.
@Suite struct FilePreferenceStoreUnnamedEventsTests {
    private func makeStore(_ url: URL) throws -> FilePreferenceStore {
        try FilePreferenceStore(
            url: url, lockTimeout: nil, logger: Logger(label: "test"),
            watching: .folders(ApplePlatformsEventShape.sources(forFileAt: url.path)))
    }

    @Test func anotherWritersReplaceReachesObserversOfThatKeyOnly() throws {
        let directory = try TemporaryDirectory()
        let prefs = Preferences(store: try makeStore(directory.file()))
        let counts = Collected<Int>(), names = Collected<String>()
        let tokens = [
            prefs.observe(\.count) { counts.append($0.newValue) }, prefs.observe(\.name) { names.append($0.newValue) },
        ]
        let other = Preferences(store: try FilePreferenceStore(url: directory.file(), watchesForChanges: false))
        other[\.count] = 9
        try other.flush()
        eventually { counts.all == [9] }
        #expect(names.count == 0)
        _ = tokens
    }

    @Test func churnInTheFolderAndTheStoresOwnWritesWakeNoObserver() throws {
        let directory = try TemporaryDirectory()
        let prefs = Preferences(store: try makeStore(directory.file()))
        prefs[\.count] = 1
        try prefs.flush()
        let counts = Collected<Int>()
        let token = prefs.observe(\.count) { counts.append($0.newValue) }
        for index in 0..<20 {
            try Data("{}".utf8).write(to: directory.file("other-\(index).json"), options: .atomic)
            prefs[\.name] = "name \(index)"
            try prefs.flush()
        }
        try FileManager.default.removeItem(at: directory.file("other-0.json"))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(counts.count == 0)
        #expect(prefs[\.count] == 1 && prefs[\.name] == "name 19")
        token.cancel()
    }

    @Test func aHandEditSavedInPlaceReachesObserversThroughTheFilesOwnSource() throws {
        let directory = try TemporaryDirectory()
        // Written before the store watches, so that no event of this write is still on its way to the store.
        try Data(#"{"count": 1}"#.utf8).write(to: directory.file(), options: .atomic)
        let prefs = Preferences(store: try makeStore(directory.file()))
        #expect(prefs[\.count] == 1)
        let counts = Collected<Int>()
        let token = prefs.observe(\.count) { counts.append($0.newValue) }
        let handle = try FileHandle(forWritingTo: directory.file())  // the same file: no new entry in the folder
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(#"{"count": 5}"#.utf8))
        try handle.close()
        eventually { counts.all == [5] }
        token.cancel()
    }

    @Test func deletingTheFileResetsItsKeys() throws {
        let directory = try TemporaryDirectory()
        let prefs = Preferences(store: try makeStore(directory.file()))
        prefs[\.count] = 7
        try prefs.flush()
        try FileManager.default.removeItem(at: directory.file())
        eventually { prefs[\.count] == 0 }
    }
}
