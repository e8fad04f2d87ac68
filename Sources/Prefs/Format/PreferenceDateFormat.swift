package import Foundation

/// The text form of a `Date` in the file, the CLI and every store that keeps dates as text: exact for every finite
/// date (its `timeIntervalSinceReferenceDate` reads back bit for bit), readable, and computed with integer calendar
/// arithmetic instead of a locked formatter. `package` for the `prefs` tool and the PostgreSQL store.
///
/// - **ISO 8601 in UTC** for the years 0000 to 9999: `2026-11-22T15:47:00Z`, with the shortest fraction that reads
///   back as the same `Date` (`2026-11-22T15:47:00.1234567Z`). The calendar is ISO 8601's proleptic Gregorian one,
///   as other languages read it; Foundation's formatters switch to the Julian calendar before 1582-10-15, so
///   `distantPast` is `0000-12-30T00:00:00Z` here and `0001-01-01T00:00:00Z` there (the same instant).
///   `distantFuture` is `4001-01-01T00:00:00Z`.
/// - **Seconds since the reference date** beyond that, for a date ISO text cannot carry: a year before 0000 or after
///   9999, a fraction finer than ``maximumFractionDigits`` digits (only within a second of 2001-01-01), or negative
///   zero. The text is Swift's shortest form of `timeIntervalSinceReferenceDate` followed by
///   ``secondsSuffix``: `1.7976931348623157e+308 seconds since 2001-01-01T00:00:00Z`.
///
/// Reading accepts both forms, and ISO 8601 as RFC 3339 writes it by hand: a `T` or `t` between date and time,
/// `Z`, `z` or an offset such as `+02:00`, any number of fraction digits (the exact decimal value is rounded once to
/// the nearest `Date`). It refuses anything else, a date that does not exist (February 30th) and a leap second.
/// A date that is not finite has no text form that reads back: stores refuse to write it
/// (``PreferenceJSON/checkStorable(_:)``).
package enum PreferenceDateFormat {
    /// The most fraction digits the ISO form carries. Only a date within a second of 2001-01-01T00:00:00Z can need
    /// more (every other finite date needs at most 16); such a date is written in the seconds form.
    package static let maximumFractionDigits = 20
    /// What follows the number of seconds in the form for dates ISO text cannot carry.
    package static let secondsSuffix = " seconds since 2001-01-01T00:00:00Z"
    /// The dates the ISO form carries: from 0000-01-01T00:00:00Z up to, not including, the year 10000.
    private static let isoRange: Range<Double> =
        Double(
            CivilTime(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0).secondsSinceReferenceDate)..<Double(
            CivilTime(year: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0).secondsSinceReferenceDate)

    /// The text of a date: ISO 8601 in UTC with the shortest exact fraction, or seconds since the reference date.
    ///
    /// - Parameter date: The date. A date that is not finite gets a text (`nan seconds since …`) that
    ///   ``date(from:)`` refuses.
    /// - Returns: The text; ``date(from:)`` reads it back as the same `Date`, bit for bit.
    package static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        return isoText(seconds) ?? "\(seconds)" + secondsSuffix
    }

    /// Reads the text of a date in either form.
    ///
    /// - Parameter text: ISO 8601 date-time text (RFC 3339), or `<seconds> seconds since 2001-01-01T00:00:00Z`.
    /// - Returns: The date, or nil when the text is neither form, names a date that does not exist, or is not finite.
    package static func date(from text: String) -> Date? {
        var text = text
        let isSecondsForm = text.utf8.count > secondsSuffix.utf8.count && text.hasSuffix(secondsSuffix)
        let seconds = text.withUTF8 { bytes -> Double? in
            isSecondsForm
                ? Self.seconds(fromNumber: bytes.dropLast(secondsSuffix.utf8.count)) : Self.seconds(fromISO: bytes)
        }
        return seconds.map(Date.init(timeIntervalSinceReferenceDate:))
    }

    // MARK: Writing

    /// The ISO text of a date, or nil when it has no exact ISO form within the limits.
    private static func isoText(_ seconds: Double) -> String? {
        guard isoRange.contains(seconds), !(seconds == 0 && seconds.sign == .minus) else { return nil }
        // The shortest decimal that reads back as `seconds`, in positional notation ("-812.25"), split into whole
        // seconds and fraction digits; a negative value is whole seconds before plus a positive fraction.
        let decimal = PreferenceJSON.positional(seconds).utf8
        let negative = decimal.first == UInt8(ascii: "-")
        let point = decimal.firstIndex(of: UInt8(ascii: "."))!
        var whole = Int64(
            Substring(decimal[(negative ? decimal.index(after: decimal.startIndex) : decimal.startIndex)..<point]))!
        var fraction = Array(decimal[decimal.index(after: point)...])
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        guard fraction.count <= maximumFractionDigits else { return nil }
        if negative {
            whole = fraction.isEmpty ? -whole : -whole - 1
            fraction = tensComplement(fraction)
        }
        let time = CivilTime(secondsSinceReferenceDate: whole)
        var text: [UInt8] = []
        text.reserveCapacity(24 + fraction.count)
        append(time.year, digits: 4, separator: "-", to: &text)
        append(time.month, digits: 2, separator: "-", to: &text)
        append(time.day, digits: 2, separator: "T", to: &text)
        append(time.hour, digits: 2, separator: ":", to: &text)
        append(time.minute, digits: 2, separator: ":", to: &text)
        append(time.second, digits: 2, separator: nil, to: &text)
        if !fraction.isEmpty {
            text.append(UInt8(ascii: "."))
            text += fraction
        }
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    private static func append(_ number: Int64, digits: Int, separator: Unicode.Scalar?, to text: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
        if let separator { text.append(UInt8(ascii: separator)) }
    }

    /// 1 minus a fraction, as digits: `25` (0.25) gives `75`; the digits must end in a non-zero digit.
    private static func tensComplement(_ digits: [UInt8]) -> [UInt8] {
        guard !digits.isEmpty else { return digits }
        var result = digits.map { UInt8(ascii: "9") - $0 + UInt8(ascii: "0") }
        result[result.count - 1] += 1
        return result
    }

    // MARK: Reading

    /// Reads `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`.
    private static func seconds(fromISO bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var reader = DateTextReader(bytes)
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"), let day = reader.number(digits: 2), reader.skip("T") || reader.skip("t"),
            let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
            reader.skip(":"), let second = reader.number(digits: 2)
        else { return nil }
        var fraction: [UInt8] = []
        if reader.skip(".") {
            fraction = reader.digits()
            guard !fraction.isEmpty else { return nil }
        }
        var offset: Int64 = 0
        if !(reader.skip("Z") || reader.skip("z")) {
            let sign: Int64 = reader.skip("+") ? 1 : reader.skip("-") ? -1 : 0
            guard sign != 0, let hours = reader.number(digits: 2), hours < 24, reader.skip(":"),
                let minutes = reader.number(digits: 2), minutes < 60
            else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        let time = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard reader.isAtEnd, time.isValid else { return nil }
        return seconds(whole: time.secondsSinceReferenceDate - offset, fraction: fraction)
    }

    /// Whole seconds plus a decimal fraction, rounded once to the nearest `Double`.
    private static func seconds(whole: Int64, fraction: [UInt8]) -> Double? {
        var fraction = fraction
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        guard !fraction.isEmpty else { return Double(whole) }  // exact: |whole| is far below 2^53
        // The exact decimal, so that the conversion rounds only once: -813 + 0.75 is "-812.25".
        let decimal =
            whole >= 0
            ? "\(whole)." + String(decoding: fraction, as: UTF8.self)
            : "-\(-whole - 1)." + String(decoding: tensComplement(fraction), as: UTF8.self)
        return Double(decimal)
    }

    /// Reads a finite number in JSON's notation (`-1.5e+300`) as seconds since the reference date.
    private static func seconds(fromNumber bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Double? {
        guard JSONNumberSyntax.scan(bytes)?.end == bytes.endIndex,
            let seconds = Double(String(decoding: bytes, as: UTF8.self)), seconds.isFinite
        else { return nil }
        return seconds
    }
}

/// Reads the fixed fields of ISO 8601 text byte by byte.
private struct DateTextReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    /// Skips `character` if it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    /// A number of exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int64? {
        guard position + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[position..<position + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        position += digits
        return value
    }

    /// The decimal digits that come next, as text.
    mutating func digits() -> [UInt8] {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return Array(bytes[start..<position])
    }
}
