import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Dates through the UserDefaults store exactly: on Linux in its marked form (`{"$date": …}`), which its poller reads
/// back and compares with what the app wrote.
@Suite struct UserDefaultsDateTests {
    static func clockLikeDates(seed: UInt64, count: Int) -> [Date] {
        var generator = PreferenceValueGenerator(seed: seed)
        let now = Date().timeIntervalSinceReferenceDate
        return (0..<count).map { _ in
            Date(timeIntervalSinceReferenceDate: Double(bitPattern: now.bitPattern ^ (generator.next() & 0xF_FFFF)))
        }
    }

    @Test func thePollerReportsNoOutsideChangeAfterTheAppsOwnWrites() throws {
        let suite = try TemporarySuite()
        let prefs = Preferences(
            store: UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: .milliseconds(5))!)
        let dates = Self.clockLikeDates(seed: 0x0DD_DA7E, count: 30)
        let seen = Collected<Date?>()
        let markers = Collected<Int>()
        let tokens = [
            prefs.observe(\.[date: "when"]) { seen.append($0.newValue) },
            prefs.observe(\.count) { markers.append($0.newValue) },
        ]
        for date in dates {
            prefs[\.[date: "when"]] = date
            try prefs.flush()
        }
        // A change behind the store's back, after the writes: once its observer hears it, a poll has compared every
        // tracked key with UserDefaults since the last write.
        suite.defaults.set(1, forKey: "count")
        eventually { markers.all == [1] }
        #expect(
            seen.all.map { $0?.timeIntervalSinceReferenceDate.bitPattern }
                == dates.map { $0.timeIntervalSinceReferenceDate.bitPattern })
        #expect(
            prefs[\.[date: "when"]]?.timeIntervalSinceReferenceDate.bitPattern
                == dates.last!.timeIntervalSinceReferenceDate.bitPattern)
        for token in tokens { token.cancel() }
    }

    @Test func datesReadBackExactlyInANewStore() throws {
        let suite = try TemporarySuite()
        let store = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        let dates =
            Self.clockLikeDates(seed: 0x5EED, count: 200) + [
                .distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: -0.0),
                Date(timeIntervalSinceReferenceDate: -1e-300),
                Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude),
            ]
        try store.write(
            Dictionary(uniqueKeysWithValues: dates.enumerated().map { ("d\($0.offset)", .date($0.element)) }))
        let reopened = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        for (index, date) in dates.enumerated() {
            guard case .date(let read) = try reopened.value(forKey: "d\(index)") else {
                Issue.record("d\(index) is not a date")
                continue
            }
            #expect(read.timeIntervalSinceReferenceDate.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern)
        }
    }

    @Test func aDateThatIsNotFiniteIsRefused() throws {
        let suite = try TemporarySuite()
        let store = UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil)!
        #expect(throws: UnstorableValueError.self) {
            try store.write(["when": .date(Date(timeIntervalSinceReferenceDate: .nan))])
        }
        #expect(suite.defaults.object(forKey: "when") == nil)
    }
}
