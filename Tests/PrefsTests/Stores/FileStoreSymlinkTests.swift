import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

/// A preferences file that is a symbolic link (into a dotfiles repository) is written through, never replaced.
@Suite struct FileStoreSymlinkTests {
    /// `config/app/preferences.json` → `dotfiles/app/preferences.json`, as users keep them.
    struct Layout {
        let directory: TemporaryDirectory
        var link: URL { directory.url.appendingPathComponent("config/app/preferences.json") }
        var target: URL { directory.url.appendingPathComponent("dotfiles/app/preferences.json") }

        init(relative: Bool = false, targetText: String? = #"{"count": 1}"#) throws {
            directory = try TemporaryDirectory()
            for folder in ["config/app", "dotfiles/app"] {
                try FileManager.default.createDirectory(
                    at: directory.url.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            if let targetText { try Data(targetText.utf8).write(to: target) }
            try FileManager.default.createSymbolicLink(
                atPath: link.path,
                withDestinationPath: relative ? "../../dotfiles/app/preferences.json" : target.path)
        }

        func names(in folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent(folder).path)
                .sorted()
        }

        func targetText() throws -> String { try String(contentsOf: target, encoding: .utf8) }
    }

    private func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    @Test(arguments: [false, true])
    func aWriteGoesThroughTheLinkAndTheLinkStays(relative: Bool) throws {
        let layout = try Layout(relative: relative)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: layout.target.path)
        let prefs = Preferences(store: try FilePreferenceStore(url: layout.link))
        #expect(prefs[\.count] == 1)
        prefs[\.count] = 2
        try prefs.flush()
        #expect(isLink(layout.link))
        #expect(try layout.targetText().contains(#""count": 2"#))
        #expect(try layout.names(in: "config/app") == ["preferences.json"])  // no lock, no temporary file here
        #expect(try layout.names(in: "dotfiles/app") == ["preferences.json", "preferences.json.lock"])
        #expect(
            try FileManager.default.attributesOfItem(atPath: layout.target.path)[.posixPermissions] as? Int == 0o640)
        #expect(Preferences(store: try FilePreferenceStore(url: layout.link))[\.count] == 2)
    }

    @Test func aChainOfRelativeLinksIsFollowed() throws {
        let layout = try Layout()
        let first = layout.directory.url.appendingPathComponent("first.json")
        try FileManager.default.createSymbolicLink(
            atPath: first.path, withDestinationPath: "config/app/preferences.json")
        let store = try FilePreferenceStore(url: first, watchesForChanges: false)
        try store.write(["count": 3])
        #expect(isLink(first) && isLink(layout.link))
        #expect(try layout.targetText().contains(#""count": 3"#))
        #expect(try FileSystem.linkChain(first.path).count == 3)
    }

    @Test func aDanglingLinkGetsItsTargetCreatedWhenTheTargetsFolderExists() throws {
        let layout = try Layout(targetText: nil)
        let store = try FilePreferenceStore(url: layout.link, watchesForChanges: false)
        #expect(store.keys().isEmpty)
        try store.write(["count": 4])
        #expect(isLink(layout.link))
        #expect(try layout.targetText().contains(#""count": 4"#))
        let mode = try FileManager.default.attributesOfItem(atPath: layout.target.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aDanglingLinkWhoseTargetsFolderIsMissingIsAnErrorNamingBoth() throws {
        let layout = try Layout(targetText: nil)
        try FileManager.default.removeItem(at: layout.target.deletingLastPathComponent())
        let store = try FilePreferenceStore(url: layout.link, watchesForChanges: false)
        let error = #expect(throws: FilePreferenceStoreError.self) { try store.write(["count": 5]) }
        #expect(error?.operation == .resolveLink)
        #expect(error?.path == layout.link.path)
        #expect(error?.description.contains(layout.target.path) == true)
        #expect(error?.description.contains("whose folder does not exist") == true)
        #expect(isLink(layout.link))
    }

    @Test func aLoopOfLinksIsAClearError() throws {
        let directory = try TemporaryDirectory()
        let a = directory.file("a.json"), b = directory.file("b.json")
        try FileManager.default.createSymbolicLink(atPath: a.path, withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(atPath: b.path, withDestinationPath: a.path)
        let error = #expect(throws: FilePreferenceStoreError.self) { try FilePreferenceStore(url: a) }
        #expect(
            error?.description.contains("a loop of symbolic links: \(a.path) →") == true, "\(String(describing: error))"
        )
        #expect(isLink(a) && isLink(b))
    }

    @Test func aCorruptTargetIsMovedAsideBesideTheTarget() throws {
        let layout = try Layout(targetText: "{not json")
        let prefs = Preferences(store: try FilePreferenceStore(url: layout.link, watchesForChanges: false))
        #expect(prefs[\.count] == 0)
        #expect(isLink(layout.link))
        let aside = try layout.names(in: "dotfiles/app").filter { $0.hasPrefix("preferences.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(try layout.names(in: "config/app") == ["preferences.json"])
        let asideURL = layout.target.deletingLastPathComponent().appendingPathComponent(aside.first ?? "")
        #expect(try String(contentsOf: asideURL, encoding: .utf8) == "{not json")
        prefs[\.count] = 6
        try prefs.flush()
        #expect(isLink(layout.link))
        #expect(try layout.targetText().contains(#""count": 6"#))
    }

    @Test func theWatcherSeesEditsAndReplacementsOfTheTargetAndARepointedLink() throws {
        let layout = try Layout()
        let prefs = Preferences(store: try FilePreferenceStore(url: layout.link))
        let seen = Collected<Int>()
        let token = prefs.observe(\.count) { seen.append($0.newValue) }
        try Data(#"{"count": 10}"#.utf8).write(to: layout.target)  // in place
        eventually { seen.all.last == 10 }
        try Data(#"{"count": 11}"#.utf8).write(to: layout.target, options: .atomic)  // replaced
        eventually { seen.all.last == 11 }
        let other = layout.directory.url.appendingPathComponent("other/preferences.json")
        try FileManager.default.createDirectory(
            at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"count": 12}"#.utf8).write(to: other)
        let fresh = layout.link.deletingLastPathComponent().appendingPathComponent("fresh-link")
        try FileManager.default.createSymbolicLink(atPath: fresh.path, withDestinationPath: other.path)
        #expect(rename(fresh.path, layout.link.path) == 0)  // re-pointed atomically, as `ln -sfn` does
        eventually { seen.all.last == 12 }
        try Data(#"{"count": 13}"#.utf8).write(to: other)  // the new target is watched now
        eventually { seen.all.last == 13 }
        try Data(#"{"count": 99}"#.utf8).write(to: layout.target)  // the old one no longer matters
        prefs[\.count] = 14
        try prefs.flush()
        #expect(try String(contentsOf: other, encoding: .utf8).contains(#""count": 14"#))
        #expect(try layout.targetText().contains(#""count": 99"#))
        #expect(isLink(layout.link))
        token.cancel()
    }

    @Test func anotherProcessWritingThroughTheLinkReachesAWatcher() throws {
        let layout = try Layout()
        let prefs = Preferences(store: try FilePreferenceStore(url: layout.link))
        let seen = Collected<Int>()
        let token = prefs.observe(\.[int: "answer"]) { seen.append($0.newValue) }
        let (status, _) = try ChildProcess.run(["set", layout.link.path, "answer", "42"])
        #expect(status == 0)
        eventually { seen.all == [42] }
        #expect(isLink(layout.link))
        #expect(prefs[\.count] == 1)
        token.cancel()
    }

    /// The lock is beside the target, so writers through the link and through the target's own path coordinate.
    @Test func writersThroughTheLinkAndThroughTheTargetLoseNothing() throws {
        let layout = try Layout(targetText: "{}")
        let children = try [layout.link, layout.target, layout.link, layout.target].enumerated().map {
            try ChildProcess(["distinct", $0.element.path, "w\($0.offset)", "300"])
        }
        for child in children { #expect(child.wait() == 0) }
        let store = try FilePreferenceStore(url: layout.target, watchesForChanges: false)
        #expect(store.keys().count == 1_200)
        #expect(isLink(layout.link))
    }
}
