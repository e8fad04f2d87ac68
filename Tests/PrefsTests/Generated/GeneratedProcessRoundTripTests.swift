import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    fileprivate subscript(generated name: String) -> Key<PreferenceValue?> { Key(name) }
}

/// Generated values survive a new process and the export/import document exactly.
@Suite struct GeneratedProcessRoundTripTests {
    /// Written through a container and flushed; a child process reads every key in a new container and writes it
    /// through another container to a second file; a fresh store on that file holds what was written.
    @Test func fileStoreValuesSurviveANewProcess() async throws {
        let seed = PreferenceValueGenerator.environmentSeed
        let directory = try TemporaryDirectory()
        let (written, status, output, copy) = try await onOwnThread {
            var generator = PreferenceValueGenerator(seed: seed)
            let writer = Preferences(store: try FilePreferenceStore(url: directory.file(), watchesForChanges: false))
            var written: [String: PreferenceValue] = [:]
            for _ in 0..<PreferenceValueGenerator.caseCount(300) {
                let (key, value) = (generator.key(), generator.value())
                written[key] = value
                writer[\.[generated: key]] = value
            }
            try writer.flush()
            let (status, output) = try ChildProcess.run([
                "copy-values", directory.file().path, directory.file("copy.json").path,
            ])
            let copy = try FilePreferenceStore(url: directory.file("copy.json"), watchesForChanges: false)
            return (written, status, output, copy)
        }
        #expect(status == 0, "\(output.suffix(3))")
        recordGenerated(Self.compare(written, with: { copy.value(forKey: $0) }, seed: seed, check: "new process"))
        print(
            "generated new-process round trips: \(written.count) values, seed \(PreferenceValueGenerator.seedText(seed))"
        )
    }

    /// Exported from one container and imported into an empty store: the same values, and the same document again.
    @Test func exportedValuesImportExactly() throws {
        let seed = PreferenceValueGenerator.environmentSeed
        var generator = PreferenceValueGenerator(seed: seed)
        let source = Preferences(store: InMemoryPreferenceStore())
        var written: [String: PreferenceValue] = [:]
        for _ in 0..<PreferenceValueGenerator.caseCount(500) {
            let (key, value) = (generator.key(), generator.value())
            written[key] = value
            source[\.[generated: key]] = value
        }
        let document = try source.exportJSON()
        let target = InMemoryPreferenceStore()
        try Preferences(store: target).importJSON(document, mode: .replace)
        recordGenerated(Self.compare(written, with: { target.value(forKey: $0) }, seed: seed, check: "export/import"))
        #expect(Set(target.keys()) == Set(written.keys))
        let again = try Preferences(store: target).exportJSON()
        #expect(
            again == document,
            "a second export differs from the first (seed \(PreferenceValueGenerator.seedText(seed)))")
        print(
            "generated export/import round trips: \(written.count) values, seed \(PreferenceValueGenerator.seedText(seed))"
        )
    }

    /// The generated failures of reading each written key through `read`.
    static func compare(
        _ written: [String: PreferenceValue],
        with read: (String) -> PreferenceValue?,
        seed: UInt64,
        check: String
    ) -> [GeneratedFailure] {
        written.keys.sorted().enumerated().compactMap { index, key in
            let found = read(key)
            guard !PreferenceValueGenerator.isSameStoredValue(written[key], found) else { return nil }
            return GeneratedFailure(
                seed: seed, caseIndex: index, check: check, key: key, written: written[key], read: found)
        }
    }
}
