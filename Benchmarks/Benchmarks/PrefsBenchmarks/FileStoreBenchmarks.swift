import Benchmark
import Foundation
import Prefs
import PrefsConfiguration

#if canImport(Glibc)
import Glibc
#endif

/// The durable file store against `UserDefaults` on the same run: cached reads, durable writes in a large
/// file, opening a large file, the cross-process atomic update, and an outside change reaching an observer.
func fileStoreBenchmarks() {
    Benchmark("FileStore.read-cached-Int", configuration: Configurations.perKilo) { benchmark, file in
        for _ in benchmark.scaledIterations { blackHole(file.prefs[\.count]) }
    } setup: {
        try FileFixture(keys: Fixtures.fillerCount + 3)
    }

    // One durable write per iteration: the caller's write plus `flush()` (fsync, rename, fsync of the folder).
    Benchmark("FileStore.write-flush-1000-keys", configuration: Configurations.durable) {
            (benchmark: Benchmark, file: FileFixture) in
        for _ in benchmark.scaledIterations {
            file.prefs[\.count] = file.next()
            try file.prefs.flush()
        }
    } setup: {
        try FileFixture(keys: 1_000)
    }

    // The same beside 2,000 other files (an app's file in a shared folder such as ~/.config): a write looks for the
    // leftovers of unfinished writes of its file, which must not cost an allocation per file of the folder.
    Benchmark("FileStore.write-flush-1000-keys-beside-2000-files", configuration: Configurations.durable) {
        benchmark, file in
        for _ in benchmark.scaledIterations {
            file.prefs[\.count] = file.next()
            try file.prefs.flush()
        }
    } setup: {
        try FileFixture(keys: 1_000, otherFilesInFolder: 2_000)
    }

    Benchmark("Foundation.write-flush-1000-keys", configuration: Configurations.durable) { benchmark, suite in
        for _ in benchmark.scaledIterations {
            suite.defaults.set(suite.next(), forKey: "count")
            suite.defaults.synchronize()
        }
    } setup: {
        try SuiteFixture(keys: 1_000)
    }

    // A new store and container over a file of N keys, then every key read once, in a process that has
    // opened it before (a warm re-open); the fresh-process launch is `Launch.fresh-process-N-keys`. Both callers
    // hold their keys as an app's code does, made before the loop (``BulkKeys``): what is timed is the open and the
    // reads.
    for keys in [1_000, 10_000] {
        Benchmark("FileStore.open-read-\(keys)-keys", configuration: Configurations.durable) {
            (benchmark: Benchmark, file: FileFixture) in
            for _ in benchmark.scaledIterations {
                let prefs = Preferences(store: try FilePreferenceStore(url: file.url, watchesForChanges: false))
                for keyPath in BulkKeys.keyPaths[..<keys] { blackHole(prefs[keyPath]) }
            }
        } setup: {
            _ = BulkKeys.keyPaths
            return try FileFixture(keys: keys)
        }

        Benchmark("Foundation.open-read-\(keys)-keys", configuration: Configurations.durable) {
            (benchmark: Benchmark, suite: SuiteFixture) in
            for _ in benchmark.scaledIterations {
                let defaults = UserDefaults(suiteName: suite.name)!
                for name in BulkKeys.names[..<keys] { blackHole(defaults.integer(forKey: name)) }
            }
        } setup: {
            _ = BulkKeys.names
            return try SuiteFixture(keys: keys)
        }
    }

    // Subscript writes in a tight loop on a container over the file store (the twelve-key file): the cache and
    // observers at once, the file written behind, coalesced. Its twin is `Foundation.write-Int`.
    Benchmark("FileStore.write-Int", configuration: Configurations.perKilo) { benchmark, file in
        for _ in benchmark.scaledIterations {
            file.prefs[\.count] = file.next()
        }
    } setup: {
        try FileFixture(keys: Fixtures.fillerCount + 3)
    }

    // `update` on a file store: the cross-process lock, a re-read if the file changed, and a durable write.
    Benchmark("FileStore.update-across-processes", configuration: Configurations.durable) {
            (benchmark: Benchmark, file: FileFixture) in
        for _ in benchmark.scaledIterations { file.prefs.update(\.count) { $0 += 1 } }
    } setup: {
        try FileFixture(keys: Fixtures.fillerCount + 3)
    }

    // Another writer replaces the file (a rename, as every writer of this format does); the latency is the
    // time until a `values()` observer in this process yields the new value.
    let wake = Configurations.perWrite([CustomMetrics.wakeLatency])
    Benchmark("FileStore.outside-change-wake", configuration: wake) { benchmark, file in
        for _ in 0..<20 {
            let value = file.next()
            let replacement = file.url.path + ".outside"
            try Data("{\"count\": \(value)}\n".utf8).write(to: URL(fileURLWithPath: replacement))
            let start = monotonicNanoseconds()
            rename(replacement, file.url.path)
            spin { file.probe.hasReceived(value) }
            benchmark.measurement(CustomMetrics.wakeLatency, file.probe.wakeTime - start)
        }
    } setup: {
        try await FileFixture(keys: 1).observingCount()
    }

    // Three override layers above the store, none of which holds the key: reads cost what they cost without.
    Benchmark("Prefs.read-cached-Int-3-layers", configuration: Configurations.perKilo) { benchmark, prefs in
        for _ in benchmark.scaledIterations { blackHole(prefs[\.count]) }
    } setup: {
        Fixtures.layeredPreferences()
    }
}

extension Fixtures {
    /// A container with three override layers above its store, none of which holds `count`.
    static func layeredPreferences() -> Preferences {
        let prefs = Preferences(
            store: InMemoryPreferenceStore(["count": .integer(Int64(count))]),
            overrides: [
                .commandLine(["benchmark", "--unrelated", "1"]),
                .environment(prefix: "PREFSBENCH", environment: ["PREFSBENCH_OTHER": "x"]),
                PreferenceOverrideLayer(values: ["other": 1], name: "file"),
            ]
        )
        precondition(prefs[\.count] == count)
        return prefs
    }
}

/// A preferences file with `keys` Int keys (`count` among them) in a temporary folder, and a container on it.
final class FileFixture: @unchecked Sendable {
    let url: URL
    let prefs: Preferences
    let probe = WakeProbe()
    private var counter = 0
    private var observer: Task<Void, Never>?

    init(keys: Int, otherFilesInFolder: Int = 0) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-\(UUID())")
        url = folder.appendingPathComponent("preferences.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<otherFilesInFolder {
            try Data().write(to: folder.appendingPathComponent("other-\(index).json"))
        }
        var members = ["count": PreferenceValue.integer(Int64(Fixtures.count))]
        for index in 0..<max(0, keys - 1) { members["bulk.\(index)"] = .integer(Int64(index)) }
        let seed = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
        try seed.importJSON(
            Data(
                try JSONSerialization.data(
                    withJSONObject: members.mapValues { value -> Int in
                        guard case .integer(let integer) = value else { return 0 }
                        return Int(integer)
                    })))
        prefs = Preferences(store: try FilePreferenceStore(url: url))
        precondition(prefs[\.count] == Fixtures.count)
    }

    func next() -> Int {
        counter += 1
        return Fixtures.count + counter
    }

    /// Starts a task that records every value `values(\.count)` yields, and waits until it has the first.
    func observingCount() async throws -> FileFixture {
        let values = prefs.values(\.count)
        let probe = self.probe
        observer = Task { for await value in values { probe.record(value) } }
        spin { probe.hasReceived(Fixtures.count) }
        return self
    }

    deinit {
        observer?.cancel()
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}

/// A `UserDefaults` suite with `keys` Int keys, synchronized to its property list. The keys are set as one
/// persistent domain: 10,000 `set` calls would take seconds, each slower than the last.
final class SuiteFixture: @unchecked Sendable {
    let name = "PrefsBenchmarks.file-\(UUID())"
    let defaults: UserDefaults
    private var counter = 0

    init(keys: Int) throws {
        defaults = UserDefaults(suiteName: name)!
        var members: [String: Any] = ["count": Fixtures.count]
        for index in 0..<max(0, keys - 1) { members["bulk.\(index)"] = index }
        defaults.setPersistentDomain(members, forName: name)
        defaults.synchronize()
        precondition(defaults.integer(forKey: "count") == Fixtures.count)
    }

    func next() -> Int {
        counter += 1
        return Fixtures.count + counter
    }
}
