import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    subscript(date name: String) -> Key<Date?> { Key(name) }
}

/// Dates through the file store: what `Date()` gives, and the extremes, read back `==` (bit for bit on
/// `timeIntervalSinceReferenceDate`) in a new container.
@Suite struct FileStoreDateTests {
    @Test func datesFromTheClockReadBackExactlyInANewContainer() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let prefs = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
        var generator = PreferenceValueGenerator(seed: 0x5EED_DA7E)
        let now = Date().timeIntervalSinceReferenceDate
        let dates = (0..<1_000).map { index in
            index.isMultiple(of: 2)
                ? Date() : Date(timeIntervalSinceReferenceDate: now + Double.random(in: -1e9...1e9, using: &generator))
        }
        for (index, date) in dates.enumerated() { prefs[\.[date: "d\(index)"]] = date }
        try prefs.flush()
        let reopened = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
        let different = dates.indices.filter { index in
            reopened[\.[date: "d\(index)"]]?.timeIntervalSinceReferenceDate.bitPattern
                != dates[index].timeIntervalSinceReferenceDate.bitPattern
        }
        #expect(different.isEmpty, "\(different.count) of \(dates.count) dates changed, first: \(different.prefix(3))")

        let child = try ChildProcess(["date-bits", url.path, "\(dates.count)"])
        child.waitForLine { $0 == "done" }
        #expect(child.wait() == 0)
        let read = child.lines.filter { $0 != "done" }
        let expected = dates.enumerated().map {
            "d\($0.offset) \($0.element.timeIntervalSinceReferenceDate.bitPattern)"
        }
        let changed = zip(read, expected).filter { $0 != $1 }.map(\.0)
        #expect(read.count == expected.count && changed.isEmpty, "in a new process: \(changed.prefix(3))")
    }

    @Test func theExtremesReadBackExactlyInANewContainer() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let prefs = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
        let extremes: [Double] = [
            Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate, -0.0,
            -1e-300, .leastNonzeroMagnitude, 0x1p52 + 0.5, 0x1p53.nextUp, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, -978_307_200.000_000_1,
        ]
        for (index, seconds) in extremes.enumerated() {
            prefs[\.[date: "d\(index)"]] = Date(timeIntervalSinceReferenceDate: seconds)
        }
        try prefs.flush()
        let reopened = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
        for (index, seconds) in extremes.enumerated() {
            #expect(
                reopened[\.[date: "d\(index)"]]?.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern,
                "\(seconds)")
        }
    }

    @Test func handWrittenDatesInTheFileReadAsDocumented() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(
            """
            {
              "marked": {"$date": "2025-01-02T16:00:00.25+02:00"},
              "plain": "2025-01-02t14:00:00.25z",
              "whole": {"$date": "2025-01-02T14:00:00Z"},
              "offset": "2025-01-02T09:30:00-04:30",
              "seconds": {"$date": "-1e-300 seconds since 2001-01-01T00:00:00Z"},
              "impossible": {"$date": "2025-02-30T00:00:00Z"}
            }
            """)
        let prefs = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
        let noon = Date(timeIntervalSinceReferenceDate: 757_519_200)  // 2025-01-02T14:00:00Z
        #expect(prefs[\.[date: "marked"]] == noon.addingTimeInterval(0.25))
        #expect(prefs[\.[date: "plain"]] == noon.addingTimeInterval(0.25))
        #expect(prefs[\.[date: "whole"]] == noon)
        #expect(prefs[\.[date: "offset"]] == noon)
        #expect(prefs[\.[date: "seconds"]] == Date(timeIntervalSinceReferenceDate: -1e-300))
        #expect(prefs[\.[date: "impossible"]] == nil)  // not a date: the key's default, the member left as it is
    }
}
