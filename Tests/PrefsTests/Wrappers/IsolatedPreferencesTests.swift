import Foundation
import Logging
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// A store-less `@Persistence` property, as app code declares it.
@MainActor private enum Stored {
    @Persistence("isolated_count") static var count = 0
}

/// The `.isolatedPreferences` trait: every case of these parameterized tests runs in parallel with the others, and
/// each must find `Preferences.standard` and `UserDefaults`-backed `@Persistence` untouched by the others. Without the
/// trait, every case after the first finds another case's value.
@Suite(.isolatedPreferences) struct IsolatedPreferencesTests {
    @Test(arguments: 1...20) func eachCaseHasItsOwnStandardContainer(round: Int) throws {
        #expect(Preferences.standard[\.count] == 0)
        Preferences.standard[\.count] = round
        Preference(\.flag).wrappedValue = true
        #expect(Preferences.standard[\.count] == round)
        try Preferences.standard.flush()
        #expect(Preferences.standard[\.count] == round)
    }

    @MainActor @Test(arguments: 1...20) func eachCaseHasItsOwnUserDefaultsSuite(round: Int) throws {
        #expect(Stored.count == 0)
        @Persistence("isolated_count") var local = 0
        Stored.count = round
        #expect(local == round)
        #expect(Stored.count == round)
    }

    @Test func assigningTheStandardContainerReplacesTheTestsOwnOnly() async {
        let mine = Preferences(store: InMemoryPreferenceStore())
        Preferences.standard = mine
        #expect(Preferences.standard === mine)
        let elsewhere = await Task.detached { Preferences.standard }.value  // outside the test's tasks
        #expect(elsewhere !== mine)
    }

    @Test func withStandardStillBindsAContainerInside() {
        let bound = Preferences(store: InMemoryPreferenceStore())
        let isolated = Preferences.standard
        Preferences.withStandard(bound) { #expect(Preferences.standard === bound) }
        #expect(Preferences.standard === isolated)
    }
}

/// What the isolation leaves behind, and what it cannot isolate.
@Suite struct IsolatedPreferencesCleanupTests {
    @MainActor @Test func theTestsFilesAndSuiteAreRemovedAfterwards() throws {
        let global = Preferences.standard
        let (standardFile, suiteFile) = try withIsolatedPreferences {
            Preferences.standard[\.count] = 7
            Stored.count = 8
            try Preferences.standard.flush()
            #expect(Preferences.standard !== global)
            let file = try #require((Preferences.standard.store(.default) as? FilePreferenceStore)?.url)
            #expect(FileManager.default.fileExists(atPath: file.path))
            return (file, file.deletingLastPathComponent().appendingPathComponent("defaults.plist"))
        }
        #expect(!FileManager.default.fileExists(atPath: standardFile.path))
        #expect(!FileManager.default.fileExists(atPath: suiteFile.path))
        #expect(
            !FileManager.default.fileExists(atPath: standardFile.deletingLastPathComponent().path),
            "\((try? FileManager.default.contentsOfDirectory(atPath: standardFile.deletingLastPathComponent().path)) ?? [])"
        )
        #expect(Preferences.standard === global)
    }

    /// The containers and stores the isolation made are let go when it ends: a `UserDefaults` store polls its keys
    /// four times a second for as long as it lives, so one kept alive would poll for the rest of the test run.
    @MainActor @Test func theTestsContainersAndStoresAreReleasedAfterwards() throws {
        weak var userDefaults: Preferences?
        weak var standard: Preferences?
        weak var store: (any PreferenceStore & AnyObject)?
        try withIsolatedPreferences {
            Stored.count = 8
            Preferences.standard[\.count] = 7
            try Preferences.standard.flush()
            userDefaults = StandardContainers.current?.userDefaults
            standard = Preferences.standard
            store = userDefaults?.store(.default) as? UserDefaultsPreferenceStore
            #expect(store != nil, "the isolated UserDefaults container was made, over a UserDefaults store")
        }
        #expect(
            eventually("the containers and the store are released") {
                userDefaults == nil && standard == nil && store == nil
            })
    }

    @Test func aDirectWriteToUserDefaultsStandardIsReported() throws {
        let key = "prefs-isolation-test.\(UUID())"
        defer { UserDefaults.standard.removeObject(forKey: key) }
        let (logger, messages) = CapturingLogHandler.logger()
        withIsolatedPreferences(name: "test direct", logger: logger) {
            UserDefaults.standard.set(1, forKey: key)
        }
        let warning = try #require(messages.all.first { $0.message.contains(key) })
        #expect(warning.level == .warning)
        #expect(warning.message.contains("test direct"))
    }

    @MainActor @Test func writesThroughPrefsAreNotReported() throws {
        let (logger, messages) = CapturingLogHandler.logger()
        try withIsolatedPreferences(logger: logger) {
            Stored.count = 3
            Preferences.standard[\.count] = 3
            try Preferences.standard.flush()
        }
        #expect(!messages.all.contains { $0.message.contains("isolated_count") })
    }
}
