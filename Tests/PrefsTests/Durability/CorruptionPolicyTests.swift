import Foundation
import Logging
import PrefsTestSupport
import PrefsTesting
import Testing

@testable import Prefs

/// The file store's corruption policy, on damaged files made from the fuzzer's seeds and corpus: moved aside and
/// started empty, recovered through the app's closure, or refused; the damaged bytes are never lost.
@Suite struct CorruptionPolicyTests {
    private static func damagedFiles() -> (files: [DamagedFiles.File], seed: UInt64) {
        var generator = PreferenceValueGenerator(seed: PreferenceValueGenerator.environmentSeed)
        return (DamagedFiles.make(PreferenceValueGenerator.caseCount(40), using: &generator), generator.seed)
    }

    /// The copies of the file moved aside, by name.
    private func corruptCopies(_ directory: TemporaryDirectory) throws -> [String] {
        try directory.names().filter { $0.hasPrefix("preferences.json.corrupt-") }
    }

    @Test func moveAsideKeepsTheBytesAndStartsEmpty() throws {
        let (files, seed) = Self.damagedFiles()
        for file in files {
            let context = "\(file), seed \(seed)"
            let directory = try TemporaryDirectory()
            try file.bytes.write(to: directory.file())
            let (logger, messages) = CapturingLogHandler.logger()
            let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false, logger: logger)
            #expect(store.keys().isEmpty, "\(context)")
            let copies = try corruptCopies(directory)
            #expect(copies.count == 1, "\(context)")
            #expect(try Data(contentsOf: directory.file(copies[0])) == file.bytes, "\(context): byte for byte")
            #expect(messages.count(containing: directory.file().path) >= 1, "\(context)")
            try store.write(["fresh": true])
            #expect(try Data(contentsOf: directory.file(copies[0])) == file.bytes, "\(context)")
            #expect(try PreferenceJSON.decode(Data(contentsOf: directory.file())) == ["fresh": true], "\(context)")
        }
    }

    @Test func recoverHandsTheDamagedBytesToTheAppAndKeepsWhatItReturns() throws {
        let (files, seed) = Self.damagedFiles()
        var truncationsChecked = 0
        for file in files {
            let context = "\(file), seed \(seed)"
            let directory = try TemporaryDirectory()
            try file.bytes.write(to: directory.file())
            let received = Collected<Data>()
            let store = try FilePreferenceStore(
                url: directory.file(), watchesForChanges: false,
                corruptionPolicy: .recover { bytes in
                    received.append(bytes)
                    return FilePreferenceStore.readableMembers(of: bytes)
                })
            #expect(received.all == [file.bytes], "\(context): the closure gets the damaged bytes once")
            let recovered = FilePreferenceStore.readableMembers(of: file.bytes)
            #expect(Dictionary(uniqueKeysWithValues: store.keys().map { ($0, store.value(forKey: $0)!) }) == recovered)
            let copies = try corruptCopies(directory)
            #expect(copies.count == 1, "\(context)")
            #expect(try Data(contentsOf: directory.file(copies[0])) == file.bytes, "\(context)")
            if recovered.isEmpty {
                #expect(!FileManager.default.fileExists(atPath: directory.file().path), "\(context)")
            } else {
                #expect(try PreferenceJSON.decode(Data(contentsOf: directory.file())) == recovered, "\(context)")
            }
            if file.damage == .truncated, let original = file.original {
                // A file cut short keeps exactly the members before the cut, with their values.
                truncationsChecked += 1
                for (name, value) in recovered { #expect(original[name] == value, "\(context): \(name)") }
            }
        }
        #expect(truncationsChecked > 0, "seed \(seed)")
    }

    @Test func aRecoveryThatThrowsKeepsNothingAndLosesNothing() throws {
        let directory = try TemporaryDirectory()
        let damaged = Data(#"{"a": 1, "b": "#.utf8)
        try damaged.write(to: directory.file())
        struct Unrecoverable: Error {}
        let store = try FilePreferenceStore(
            url: directory.file(), watchesForChanges: false, corruptionPolicy: .recover { _ in throw Unrecoverable() })
        #expect(store.keys().isEmpty)
        #expect(try Data(contentsOf: directory.file(corruptCopies(directory)[0])) == damaged)
    }

    @Test func refuseThrowsAnErrorThatNamesTheFileAndLeavesItAsItIs() throws {
        let (files, seed) = Self.damagedFiles()
        for file in files {
            let context = "\(file), seed \(seed)"
            let directory = try TemporaryDirectory()
            try file.bytes.write(to: directory.file())
            let thrown = #expect(throws: FilePreferenceStoreError.self, "\(context)") {
                try FilePreferenceStore(url: directory.file(), watchesForChanges: false, corruptionPolicy: .refuse)
            }
            #expect(thrown?.operation == .parse && thrown?.path == directory.file().path, "\(context)")
            #expect(try Data(contentsOf: directory.file()) == file.bytes, "\(context)")
            #expect(try corruptCopies(directory).isEmpty, "\(context)")
        }
    }

    /// A file damaged while the store is open (another program wrote it), found by the next write.
    @Test(arguments: ["moveAside", "recover", "refuse"])
    func aFileDamagedWhileOpenIsHandledByThePolicy(_ policyName: String) throws {
        let policy: FilePreferenceStore.CorruptionPolicy =
            switch policyName {
            case "moveAside": .moveAside
            case "recover": .recover { FilePreferenceStore.readableMembers(of: $0) }
            default: .refuse
            }
        let directory = try TemporaryDirectory()
        let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false, corruptionPolicy: policy)
        try store.write(["a": 1, "b": 2, "c": 3])
        let damaged = Data(#"{"a": 1, "b": 2, "c": "#.utf8)
        let other = directory.file("other")
        try damaged.write(to: other)
        #expect(rename(other.path, directory.file().path) == 0)  // another program's write, atomic
        switch policyName {
        case "refuse":
            let thrown = #expect(throws: FilePreferenceStoreError.self) { try store.write(["d": 4]) }
            #expect(thrown?.operation == .parse)
            #expect(try Data(contentsOf: directory.file()) == damaged)
            #expect(store.value(forKey: "a") == 1 && store.value(forKey: "c") == 3, "the values read before stay")
        case "recover":
            try store.write(["d": 4])
            #expect(try PreferenceJSON.decode(Data(contentsOf: directory.file())) == ["a": 1, "b": 2, "d": 4])
            #expect(try Data(contentsOf: directory.file(corruptCopies(directory)[0])) == damaged)
        default:
            try store.write(["d": 4])
            #expect(try PreferenceJSON.decode(Data(contentsOf: directory.file())) == ["d": 4])
            #expect(try Data(contentsOf: directory.file(corruptCopies(directory)[0])) == damaged)
        }
    }

    @Test func readableMembersKeepsTheMembersBeforeTheDamage() {
        #expect(
            FilePreferenceStore.readableMembers(of: Data(#"{"a": 1, "b": [1, 2], "c": tru"#.utf8)) == [
                "a": 1, "b": [1, 2],
            ])
        #expect(
            FilePreferenceStore.readableMembers(of: Data(#"{"a": "x,}", "b": {"c": 1}, "d"#.utf8)) == [
                "a": "x,}", "b": ["c": 1],
            ])
        #expect(FilePreferenceStore.readableMembers(of: Data(#"{"a": 1} trailing"#.utf8)) == ["a": 1])
        #expect(FilePreferenceStore.readableMembers(of: Data("garbage".utf8)).isEmpty)
        #expect(FilePreferenceStore.readableMembers(of: Data()).isEmpty)
    }
}
