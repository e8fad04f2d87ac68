import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// The UserDefaults store: the conformance suite, exact values in both directions, natural
/// property-list forms, and what Linux's Foundation gets wrong.
@Suite struct UserDefaultsPreferenceStoreTests {
    @Test func passesTheConformanceSuiteWithReopen() async throws {
        let directory = try TemporaryDirectory()
        let names = Lock<[ObjectIdentifier: String]>([:])
        try await checkConformance(
            makeStore: {
                #if canImport(Darwin)
                let name = "prefs-tests-\(UUID())"
                #else
                let name = directory.file(UUID().uuidString).path
                #endif
                let store = UserDefaultsPreferenceStore(suiteName: name)!
                names.withLock { $0[ObjectIdentifier(store)] = name }
                return store
            },
            reopen: { store in
                let name = names.withLock { $0[ObjectIdentifier(store)]! }
                return UserDefaultsPreferenceStore(suiteName: name)!
            },
            profile: .xmlText,
            cases: PreferenceValueGenerator.caseCount(200)  // every write rewrites the property list
        )
    }

    /// Every sample value survives a restart: a child process reads the suite through its own store.
    @Test func everyValueKindSurvivesARestartExactly() throws {
        let suite = try TemporarySuite()
        let store = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        try store.write(PreferenceStoreConformance.sampleValues)
        try store.flush()
        let copy = suite.file("copy.json")
        let (status, output) = try ChildProcess.run(["ud-copy", suite.name, copy.path])
        #expect(status == 0, "\(output)")
        let reread = try FilePreferenceStore(url: copy, watchesForChanges: false)
        for (key, expected) in PreferenceStoreConformance.sampleValues {
            #expect(reread.value(forKey: key) == expected, "\(key)")
        }
    }

    /// What plain `UserDefaults` code wrote in another process reads back typed.
    @Test func plainUserDefaultsDataReadsBackTyped() throws {
        let suite = try TemporarySuite()
        let (status, output) = try ChildProcess.run(["ud-plain-samples", suite.name])
        #expect(status == 0, "\(output)")
        let prefs = Preferences(store: UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!)
        #expect(prefs[\.flag] == true)
        #expect(prefs[\.count] == Int.max)
        #expect(prefs[\.int64] == Int64.min)
        #expect(prefs[\.uint64] == UInt64.max)
        #expect(prefs[\.float] == Float(0.1))
        #expect(prefs[\.double] == -2.5)
        #expect(prefs[\.name] == "Grüße")
        #expect(prefs[\.data] == Data([0, 1, 255]))
        #expect(prefs[\.date] == Date(timeIntervalSince1970: 1_000_000))
        #expect(prefs[\.theme] == .dark)
        #expect(prefs[\.selections] == [1, 2, 3])
        #expect(prefs[\.scores] == ["a": 1.5, "b": -2])
        #expect(prefs[\.window] == Frame(x: 1, y: 2, width: 3, height: 4))
        #expect(prefs[\.fileURL] == URL(fileURLWithPath: "/tmp/a b"))
    }

    /// What Prefs writes is what plain `UserDefaults` code expects to find.
    @Test func prefsWritesNaturalPropertyListValues() throws {
        let suite = try TemporarySuite()
        let prefs = Preferences(store: UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!)
        prefs[\.flag] = true
        prefs[\.count] = 42
        prefs[\.uint64] = .max
        prefs[\.float] = 0.5
        prefs[\.theme] = .dark
        prefs[\.window] = Frame(x: 1, y: 2, width: 3, height: 4)
        prefs[\.selections] = [7, 8]
        prefs[\.date] = Date(timeIntervalSince1970: 1_000_000)
        prefs[\.fileURL] = URL(string: "https://example.com/a?b=1#f")!
        try prefs.flush()
        let defaults = suite.defaults
        #expect(defaults.bool(forKey: "flag"))
        #expect(defaults.integer(forKey: "count") == 42)
        #expect(defaults.object(forKey: "uint64") as? UInt64 == .max)
        #expect(defaults.double(forKey: "float") == 0.5)
        #expect(defaults.string(forKey: "theme") == "dark")
        let window = try #require(defaults.dictionary(forKey: "window"))
        #expect(window["width"] as? Double == 3 && window["height"] as? Double == 4)
        #expect(defaults.array(forKey: "selections") as? [Int] == [7, 8])
        #expect(defaults.object(forKey: "date") as? Date == Date(timeIntervalSince1970: 1_000_000))
        #expect(defaults.url(forKey: "file_url") == URL(string: "https://example.com/a?b=1#f")!)
    }

    /// Linux keeps `<date>` to whole seconds: a date with a fraction is kept exactly in a marked
    /// dictionary, and a dictionary that looks like one of those marks is not mistaken for it.
    @Test func valuesThePropertyListWouldLoseAreKeptInMarkedDictionaries() throws {
        let suite = try TemporarySuite()
        let store = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        let precise = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456)
        let lookalike: PreferenceValue = ["$date": "2026-11-22T15:47:00Z"]
        try store.write(["precise": .date(precise), "negative-zero": .double(-0.0), "lookalike": lookalike])
        let defaults = suite.defaults
        #if canImport(Darwin)
        #expect(defaults.object(forKey: "precise") as? Date == precise)
        #else
        #expect(defaults.dictionary(forKey: "precise")?["$date"] as? String == "2026-09-29T03:34:38.123456Z")
        #endif
        #expect(defaults.dictionary(forKey: "negative-zero")?["$double"] as? String == "-0")
        #expect(defaults.dictionary(forKey: "lookalike")?["$dictionary"] != nil)
        #expect(try store.value(forKey: "lookalike") == lookalike)
        let zero = try #require(try store.value(forKey: "negative-zero"))
        if case .double(let value) = zero {
            #expect(value == 0 && value.sign == .minus)
        } else {
            Issue.record("negative zero read back as \(zero)")
        }
    }

    @Test func aValueThatIsNotAPropertyListValueIsReportedAndReadsTheDefault() throws {
        let suite = try TemporarySuite()
        let defaults = suite.defaults
        defaults.set("not a number", forKey: "count")
        let (logger, messages) = CapturingLogHandler.logger()
        let prefs = Preferences(
            store: UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!, logger: logger)
        #expect(prefs[\.count] == 0)
        #expect(messages.count(containing: "not a valid Int") == 1)
        #expect(defaults.string(forKey: "count") == "not a number")
    }

    @Test func keysListsTheSuiteOnly() throws {
        let suite = try TemporarySuite()
        let store = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        suite.defaults.register(defaults: ["registered-only": 1])
        try store.write(["a": 1, "b": "two"])
        #expect(try Set(store.keys()) == ["a", "b"])
    }

    @Test func aRemovedKeyIsGoneFromTheFileNotJustFromMemory() throws {
        let suite = try TemporarySuite()
        let store = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        try store.write(["kept": 1, "removed": 2])
        try store.write(["removed": nil])
        let copy = suite.file("copy.json")
        _ = try ChildProcess.run(["ud-copy", suite.name, copy.path])
        let reread = try FilePreferenceStore(url: copy, watchesForChanges: false)
        #expect(Set(reread.keys()) == ["kept"])
    }
}

extension PreferenceKeys {
    var fileURL: Key<URL> { Key("file_url", default: URL(fileURLWithPath: "/"), codec: .userDefaultsURL) }
}
