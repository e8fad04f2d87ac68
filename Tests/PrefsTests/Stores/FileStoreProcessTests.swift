import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// The file store against real processes: crashes, competition and outside writes.
@Suite struct FileStoreProcessTests {
    static let rounds = 50

    @Test func valuesFlushedByOneProcessAreReadByTheNext() throws {
        let directory = try TemporaryDirectory()
        let result = try ChildProcess.run(["set", directory.file().path, "answer", "42"])
        #expect(result.status == 0)
        #expect(Preferences(store: try FilePreferenceStore(url: directory.file()))[\.[int: "answer"]] == 42)
    }

    @Test func sigkillRightAfterFlushLosesNothingThatWasFlushed() throws {
        for round in 0..<Self.rounds {
            let directory = try TemporaryDirectory()
            let target = Int.random(in: 0..<20)
            let child = try ChildProcess(["flush-each", directory.file().path, "1000"])
            child.waitForLine { $0 == "flushed \(target)" }
            child.kill()
            let flushed = child.lines.compactMap { $0.hasPrefix("flushed ") ? Int($0.dropFirst(8)) : nil }.max() ?? -1
            let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
            for index in 0...flushed {
                #expect(store.value(forKey: "k\(index)") == .integer(Int64(index)), "round \(round), key k\(index)")
            }
        }
    }

    @Test func sigkillDuringAWriteStormLeavesAFileThatParsesAndHoldsARealState() throws {
        for round in 0..<Self.rounds {
            let directory = try TemporaryDirectory()
            let child = try ChildProcess(["storm", directory.file().path])
            // The storm prints every tenth transaction: killed after a random one of the first 60, mid-write or not.
            let printed = String(10 * Int.random(in: 1...6))
            child.waitForLine { $0 == printed }
            child.kill()
            let data = try Data(contentsOf: directory.file())
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let a = object?["a"] as? Int, b = object?["b"] as? Int
            #expect(a != nil && a == b, "round \(round): a = \(String(describing: a)), b = \(String(describing: b))")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
                $0.contains("corrupt")
            }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func fourProcessesWritingDistinctKeysLoseNothing() throws {
        let directory = try TemporaryDirectory()
        let children = try (0..<4).map { try ChildProcess(["distinct", directory.file().path, "w\($0)", "500"]) }
        for child in children { #expect(child.wait() == 0) }
        let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
        #expect(store.keys().count == 2_000)
        for writer in 0..<4 {
            for index in [0, 250, 499] {
                #expect(store.value(forKey: "w\(writer).\(index)") == .integer(Int64(index)))
            }
        }
    }

    @Test func twoProcessesIncrementingOneCounterEndAtExactlyTheSum() throws {
        let directory = try TemporaryDirectory()
        let children = try (0..<2).map { _ in try ChildProcess(["increment", directory.file().path, "500"]) }
        for child in children { #expect(child.wait() == 0) }
        #expect(try FilePreferenceStore(url: directory.file()).value(forKey: "counter") == 1_000)
    }

    @Test func anotherProcesssWriteReachesAValuesObserverForThatKeyOnly() async throws {
        let directory = try TemporaryDirectory()
        let prefs = Preferences(store: try FilePreferenceStore(url: directory.file()))
        let watched = prefs.values(\.[int: "watched"])
        let others = Collected<Int>()
        let token = prefs.observe(\.[int: "other"]) { others.append($0.newValue) }
        _ = try ChildProcess.run(["set", directory.file().path, "watched", "5"])
        #expect(await first(2, of: watched, within: 10) == [0, 5])
        #expect(others.count == 0)
        token.cancel()
    }

    @Test func aReadOnlyFolderMakesSetThrowWithThePathAndKeepsTheFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        _ = try ChildProcess.run(["set", url.path, "kept", "1"])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        let before = try Data(contentsOf: url)
        let result = try ChildProcess.run(["set-as-nobody", url.path, "kept", "2"])
        #expect(result.status == 3, "\(result.output)")
        #expect(result.output.contains { $0.contains(directory.url.path) && $0.contains("Permission denied") })
        #expect(try Data(contentsOf: url) == before)
    }
}

@Suite struct FileStoreExitTests {
    @Test func aNormalExitFlushesWritesMadeJustBefore() throws {
        for round in 0..<10 {
            let directory = try TemporaryDirectory()
            let result = try ChildProcess.run(["exit-unflushed", directory.file().path, "last", "\(round)"])
            #expect(result.status == 0)
            let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
            #expect(store.value(forKey: "last") == .integer(Int64(round)), "round \(round)")
        }
    }

    @Test func theStandardContainerLivesUnderXDGConfigHomeNamedAfterTheExecutable() throws {
        let directory = try TemporaryDirectory()
        let child = try ChildProcess(["standard-path", "-"], environment: ["XDG_CONFIG_HOME": directory.url.path])
        #expect(child.wait() == 0)
        let expected = directory.url.appendingPathComponent("PrefsTestHelper/preferences.json").path
        #expect(child.lines.first == expected)
        #expect(FileManager.default.fileExists(atPath: expected))
    }
}
