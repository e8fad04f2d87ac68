import Foundation
import PrefsTestSupport
import SystemPackage
import Testing

@testable import Prefs

extension PreferenceKeys {
    fileprivate var volume: Key<Int> { Key("volume", default: 0) }
}

/// A full disk, a quota reached, an I/O error and a file system remounted read-only, injected at each step of a
/// write: the caller is told, the file is the old one byte for byte, no temporary file is left, the container keeps
/// the old value and tells the observers that saw the new one, and the next write after the fault succeeds.
@Suite struct FailingDiskTests {
    /// One error at one step.
    struct Fault: Sendable, CustomStringConvertible {
        let step: WriteStep
        let name: String
        let errno: Errno
        var description: String { "\(step.rawValue) \(name)" }
    }

    static let faults = WriteStep.allCases.flatMap { step in
        diskErrors.map { Fault(step: step, name: $0.name, errno: $0.errno) }
    }

    /// A store on a file that holds `volume: 1`, with a fault plan.
    private func store(_ directory: TemporaryDirectory) throws -> (FilePreferenceStore, FaultPlan, Data) {
        try PreferenceJSON.encode(["volume": 1]).write(to: directory.file())  // as the store writes it
        let plan = FaultPlan()
        let store = try FilePreferenceStore(
            url: directory.file(), watchesForChanges: false, systemCalls: plan.systemCalls)
        return (store, plan, try Data(contentsOf: directory.file()))
    }

    /// What must hold after a failed write: the old file, byte for byte, and no temporary file.
    private func expectUntouched(_ directory: TemporaryDirectory, _ before: Data, _ context: String) throws {
        #expect(try Data(contentsOf: directory.file()) == before, "\(context)")
        #expect(try directory.names().filter { $0.hasSuffix(".tmp") } == [], "\(context)")
    }

    @Test(arguments: faults)
    func aStoreWriteFailsCleanlyAndTheNextOneSucceeds(_ fault: Fault) throws {
        let name = fault.description
        let directory = try TemporaryDirectory()
        let (store, plan, before) = try store(directory)
        plan.fail(fault.step, with: fault.errno)
        let thrown = #expect(throws: FilePreferenceStoreError.self) { try store.write(["volume": 2]) }
        #expect(thrown?.errorNumber == fault.errno.rawValue, "\(name): \(String(describing: thrown))")
        #expect(plan.injectedCount >= 1)
        try expectUntouched(directory, before, name)
        #expect(store.value(forKey: "volume") == 1)
        print("faults injected: store write, \(name): \(plan.injectedCount)")
        plan.clear()
        try store.write(["volume": 3])
        #expect(store.value(forKey: "volume") == 3)
        #expect(try directory.contents().contains(#""volume": 3"#))
        #expect(try directory.names().filter { $0.hasSuffix(".tmp") } == [])
    }

    /// DESIGN's rule, through the container: a subscript write is seen at once, the store refuses it, the key goes
    /// back to what the store holds and its observers are told, `flush()` throws; `set` and `transaction` throw.
    @Test(arguments: faults)
    func theContainerKeepsTheOldValueAndTellsObservers(_ fault: Fault) throws {
        let name = fault.description
        let directory = try TemporaryDirectory()
        let (store, plan, before) = try store(directory)
        let prefs = Preferences(store: store)
        let seen = Collected<Int>()
        let token = prefs.observe(\.volume) { seen.append($0.newValue) }
        defer { token.cancel() }
        #expect(prefs[\.volume] == 1)
        plan.fail(fault.step, with: fault.errno)

        prefs[\.volume] = 2
        let flushed = #expect(throws: PreferenceWriteError.self) { try prefs.flush() }
        #expect((flushed?.underlying as? FilePreferenceStoreError)?.errorNumber == fault.errno.rawValue)
        #expect(prefs[\.volume] == 1, "\(name): the old value is kept")
        #expect(eventually("the observers are told \(name)") { seen.all == [2, 1] })
        try expectUntouched(directory, before, name)

        #expect(throws: PreferenceWriteError.self) { try prefs.set(\.volume, 4) }
        #expect(throws: (any Error).self) { try prefs.transaction { $0[\.volume] = 5 } }
        #expect(prefs[\.volume] == 1)
        try expectUntouched(directory, before, name)

        print("faults injected: container (subscript, set, transaction), \(name): \(plan.injectedCount)")
        plan.clear()
        prefs[\.volume] = 6
        try prefs.flush()
        #expect(prefs[\.volume] == 6)
        #expect(try directory.contents().contains(#""volume": 6"#))
    }

    /// The folder's `fsync` failing after the rename: the new contents are in place but might not survive a power
    /// loss, so the store puts the previous contents back before it reports the failure.
    @Test func aFailedFolderSyncPutsThePreviousContentsBack() throws {
        let directory = try TemporaryDirectory()
        let (store, plan, before) = try store(directory)
        plan.fail(.folderFsync, with: .ioError)
        let thrown = #expect(throws: FilePreferenceStoreError.self) { try store.write(["volume": 2]) }
        #expect(thrown?.reason.contains("previous contents were put back") == true, "\(String(describing: thrown))")
        #expect(try Data(contentsOf: directory.file()) == before)
    }

    /// The first write of a new file, whose folder's `fsync` fails: the new file is removed again.
    @Test func aFailedFolderSyncOfANewFileRemovesIt() throws {
        let directory = try TemporaryDirectory()
        let plan = FaultPlan()
        let store = try FilePreferenceStore(
            url: directory.file(), watchesForChanges: false, systemCalls: plan.systemCalls)
        plan.fail(.folderFsync, with: .ioError)
        #expect(throws: FilePreferenceStoreError.self) { try store.write(["volume": 2]) }
        #expect(!FileManager.default.fileExists(atPath: directory.file().path))
        #expect(store.value(forKey: "volume") == nil)
    }
}
