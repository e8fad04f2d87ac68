import Foundation
import PrefsTestSupport
import PrefsTesting
import Testing

@testable import Prefs

/// The text form of dates: exact for every finite `Date`, ISO 8601 where it can be, shortest, and hand-written text
/// read as documented.
@Suite struct PreferenceDateFormatTests {
    private static let reference = 0.0
    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, the ends of the ISO form.
    private static let firstISO = -63_145_526_400.0
    private static let endOfISO = 252_423_993_600.0

    /// Reads the text back; the seconds must be the same bit pattern.
    private func roundTrip(_ seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let text = PreferenceDateFormat.string(from: Date(timeIntervalSinceReferenceDate: seconds))
        let read = PreferenceDateFormat.date(from: text)?.timeIntervalSinceReferenceDate
        #expect(
            read?.bitPattern == seconds.bitPattern, "\(seconds) → \(text) → \(read.map { "\($0)" } ?? "nil")",
            sourceLocation: sourceLocation)
        return text
    }

    @Test func everyEdgeReadsBackBitForBit() {
        let edges: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, -1e-300,
            .ulpOfOne, -0.5, 0.5, -1, 1, -1.5, 1e-20, -1e-20, 1.000_000_000_000_000_2, 0.123_456_789_012_345_67,
            Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
            Self.firstISO.nextDown, Self.firstISO.nextUp, Self.endOfISO, Self.endOfISO.nextDown,
            Date.distantFuture.timeIntervalSinceReferenceDate.nextUp,
            Date.distantFuture.timeIntervalSinceReferenceDate.nextDown, 0x1p52, 0x1p52 + 0.5, 0x1p52.nextDown,
            0x1p53, 0x1p53.nextUp, -0x1p52 - 0.5, 0x1p63, -0x1p63, 1e300, -1e300, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, 812_345_678.123_456, 734_567_890.123_456_7, -978_307_200,
            -978_307_200.000_000_1, 815_486_422.398_374_2, 815_486_422.398_374_3,
        ]
        for seconds in edges { _ = roundTrip(seconds) }
    }

    @Test func generatedDatesReadBackBitForBit() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = PreferenceValueGenerator(seed: seed)
        let now = Date().timeIntervalSinceReferenceDate
        var failures = 0
        for index in 0..<60_000 {
            let seconds: Double
            switch index % 4 {
            case 0:  // any finite double
                var candidate = Double(bitPattern: generator.next())
                while !candidate.isFinite { candidate = Double(bitPattern: generator.next()) }
                seconds = candidate
            case 1: seconds = Double.random(in: Self.firstISO..<Self.endOfISO, using: &generator)
            case 2: seconds = Double(bitPattern: now.bitPattern ^ (generator.next() & 0xF_FFFF))  // around now
            default: seconds = Double.random(in: -2...2, using: &generator)  // around the reference date
            }
            let text = PreferenceDateFormat.string(from: Date(timeIntervalSinceReferenceDate: seconds))
            if PreferenceDateFormat.date(from: text)?.timeIntervalSinceReferenceDate.bitPattern != seconds.bitPattern {
                failures += 1
                if failures <= 5 { Issue.record("seed \(seed): \(seconds) → \(text) does not read back") }
            }
        }
        #expect(failures == 0, "seed \(seed)")
    }

    @Test func theISOFormIsUsedForFourDigitYears() {
        #expect(roundTrip(0) == "2001-01-01T00:00:00Z")
        #expect(roundTrip(Self.firstISO) == "0000-01-01T00:00:00Z")
        #expect(roundTrip(Date.distantPast.timeIntervalSinceReferenceDate) == "0000-12-30T00:00:00Z")
        #expect(roundTrip(Date.distantFuture.timeIntervalSinceReferenceDate) == "4001-01-01T00:00:00Z")
        #expect(roundTrip(Self.endOfISO.nextDown) == "9999-12-31T23:59:59.99997Z")
        #expect(roundTrip(-0.5) == "2000-12-31T23:59:59.5Z")
        #expect(roundTrip(-1e-20) == "2000-12-31T23:59:59.99999999999999999999Z")
        #expect(roundTrip(1e-20) == "2001-01-01T00:00:00.00000000000000000001Z")
        #expect(roundTrip(815_486_422.398_374_2) == "2026-11-04T12:00:22.3983742Z")
        #expect(roundTrip(-978_307_200) == "1970-01-01T00:00:00Z")
        #expect(roundTrip(-978_307_200.000_000_1) == "1969-12-31T23:59:59.9999999Z")
    }

    @Test func datesISOTextCannotCarryAreSecondsSinceTheReferenceDate() {
        #expect(roundTrip(-0.0) == "-0.0 seconds since 2001-01-01T00:00:00Z")
        #expect(roundTrip(1e-21) == "1e-21 seconds since 2001-01-01T00:00:00Z")
        #expect(roundTrip(-.leastNonzeroMagnitude) == "-5e-324 seconds since 2001-01-01T00:00:00Z")
        #expect(roundTrip(Self.endOfISO) == "252423993600.0 seconds since 2001-01-01T00:00:00Z")
        #expect(roundTrip(Self.firstISO.nextDown) == "-63145526400.00001 seconds since 2001-01-01T00:00:00Z")
        #expect(roundTrip(.greatestFiniteMagnitude) == "1.7976931348623157e+308 seconds since 2001-01-01T00:00:00Z")
        #expect(
            PreferenceDateFormat.date(from: "0 seconds since 2001-01-01T00:00:00Z")
                == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func theFractionIsTheShortestThatReadsBack() {
        var generator = PreferenceValueGenerator(seed: 0xF2AC_7104)
        let now = Date().timeIntervalSinceReferenceDate
        for _ in 0..<5_000 {
            let seconds = Double(bitPattern: now.bitPattern ^ (generator.next() & 0xF_FFFF))
            let text = roundTrip(seconds)
            guard let dot = text.firstIndex(of: ".") else { continue }
            let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)]
            // One digit fewer, cut or rounded up: neither reads back (a carry into the seconds is left out).
            let cut = String(digits.dropLast())
            var candidates = [cut]
            if let last = cut.last, last != "9" {
                candidates.append(String(cut.dropLast()) + String(Character(UnicodeScalar(last.asciiValue! + 1))))
            }
            for candidate in candidates {
                let shorter = text[..<dot] + (candidate.isEmpty ? "" : "." + candidate) + "Z"
                #expect(
                    PreferenceDateFormat.date(from: String(shorter))?.timeIntervalSinceReferenceDate != seconds,
                    "\(text) is not the shortest: \(shorter) reads back too")
            }
        }
    }

    /// From 1582-10-15, where Foundation's formatter stops using the Julian calendar, to the end of 9999.
    @Test func wholeSecondsMatchFoundationsISO8601Formatter() {
        let formatter = ISO8601DateFormatter()
        var generator = PreferenceValueGenerator(seed: 0x150_8601)
        for _ in 0..<2_000 {
            let seconds = Double(Int64.random(in: -13_197_600_000..<252_423_993_600, using: &generator))
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            #expect(PreferenceDateFormat.string(from: date) == formatter.string(from: date))
            #expect(PreferenceDateFormat.date(from: formatter.string(from: date)) == date)
        }
    }

    @Test func handWrittenDatesReadAsDocumented() {
        func seconds(_ text: String) -> Double? {
            PreferenceDateFormat.date(from: text)?.timeIntervalSinceReferenceDate
        }
        let noon = 757_519_200.0  // 2025-01-02T14:00:00Z
        #expect(seconds("2025-01-02T14:00:00Z") == noon)
        #expect(seconds("2025-01-02t14:00:00z") == noon)
        #expect(seconds("2025-01-02T16:00:00+02:00") == noon)
        #expect(seconds("2025-01-02T09:30:00-04:30") == noon)
        #expect(seconds("2025-01-02T14:00:00-00:00") == noon)
        #expect(seconds("2025-01-02T14:00:00.000000000000000000000000Z") == noon)
        #expect(seconds("2025-01-02T14:00:00.25Z") == noon + 0.25)
        #expect(seconds("2025-01-02T16:00:00.25+02:00") == noon + 0.25)
        #expect(seconds("2024-02-29T00:00:00Z") != nil)
        #expect(seconds("0000-12-30T00:00:00Z") == Date.distantPast.timeIntervalSinceReferenceDate)
        #expect(seconds("1582-10-04T00:00:00Z") == seconds("1582-10-15T00:00:00Z")! - 11 * 86_400)  // no Julian gap
        // The exact decimal, rounded once: 0.1 s after a date is the double nearest to that sum.
        #expect(seconds("2025-01-02T14:00:00.1Z") == Double("757519200.1"))
        #expect(seconds("2000-12-31T23:59:59.9Z") == -0.1)
        for invalid in [
            "", "2025-01-02", "2025-01-02T14:00:00", "2025-01-02 14:00:00Z", "2025-01-02T14:00Z",
            "2025-1-02T14:00:00Z", "2025-01-02T14:00:00.Z", "2025-01-02T14:00:00ZZ", "2025-01-02T14:00:00+0200",
            "2025-01-02T14:00:00+24:00", "2025-02-29T00:00:00Z", "2025-04-31T00:00:00Z", "2025-13-01T00:00:00Z",
            "2025-00-01T00:00:00Z", "2025-01-00T00:00:00Z", "2025-01-02T24:00:00Z", "2025-01-02T23:60:00Z",
            "2016-12-31T23:59:60Z", "+2025-01-02T14:00:00Z", "12025-01-02T14:00:00Z", " 2025-01-02T14:00:00Z",
            "2025-01-02T14:00:00Z ", "２０２５-01-02T14:00:00Z", "nan seconds since 2001-01-01T00:00:00Z",
            "inf seconds since 2001-01-01T00:00:00Z", "1e999 seconds since 2001-01-01T00:00:00Z",
            "+1 seconds since 2001-01-01T00:00:00Z", ".5 seconds since 2001-01-01T00:00:00Z",
            " seconds since 2001-01-01T00:00:00Z", "1 second since 2001-01-01T00:00:00Z",
        ] {
            #expect(seconds(invalid) == nil, "'\(invalid)' is not a date")
        }
    }

    @Test func datesThatAreNotFiniteHaveNoTextThatReadsBack() {
        for seconds in [Double.nan, .infinity, -.infinity] {
            let text = PreferenceDateFormat.string(from: Date(timeIntervalSinceReferenceDate: seconds))
            #expect(PreferenceDateFormat.date(from: text) == nil)
        }
    }
}
