import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

@Suite struct MigrationTests {
    private static let steps = [
        PreferenceMigration("split-name") { tx in
            if case .string(let full)? = tx.value(named: "full_name") {
                tx[\.name] = String(full.split(separator: " ").first ?? "")
                tx.setValue(nil, named: "full_name")
            }
        },
        PreferenceMigration("count-from-one") { tx in tx[\.count] += 1 },
    ]

    @Test func stepsRunOnceInOrderAndAreRecordedInTheStore() throws {
        let (prefs, store) = makePreferences(["full_name": "Ada Lovelace"])
        #expect(try prefs.migrate(Self.steps) == ["split-name", "count-from-one"])
        #expect(prefs[\.name] == "Ada")
        #expect(prefs[\.count] == 1)
        #expect(try prefs.migrate(Self.steps) == [])
        #expect(prefs[\.count] == 1)
        #expect(store.contents[Preferences.migrationRecordName] == ["split-name", "count-from-one"])
        #expect(store.contents["full_name"] == nil)
    }

    @Test func aThrowingStepLeavesNoTraceAndStopsTheOnesAfterIt() throws {
        struct Broken: Error {}
        let (prefs, store) = makePreferences()
        let steps = [
            PreferenceMigration("first") { tx in tx[\.count] = 1 },
            PreferenceMigration("broken") { tx in
                tx[\.name] = "half done"
                throw Broken()
            },
            PreferenceMigration("after") { tx in tx[\.flag] = true },
        ]
        let error = #expect(throws: PreferenceMigrationError.self) { try prefs.migrate(steps) }
        #expect(error?.step == "broken")
        #expect(error?.description.contains("broken") == true)
        #expect(prefs[\.name] == "anonymous")
        #expect(prefs[\.flag] == false)
        #expect(store.contents[Preferences.migrationRecordName] == ["first"])
        #expect(prefs[\.count] == 1)
    }

    @Test func processesStartingAtOnceRunEachStepExactlyOnce() throws {
        for round in 0..<5 {
            let directory = try TemporaryDirectory()
            let children = try (0..<4).map { _ in try ChildProcess(["migrate", directory.file().path]) }
            for child in children { #expect(child.wait() == 0) }
            let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
            #expect(store.value(forKey: "runs.one") == 1, "round \(round)")
            #expect(store.value(forKey: "runs.two") == 1, "round \(round)")
            #expect(store.value(forKey: Preferences.migrationRecordName) == ["one", "two"])
        }
    }
}
