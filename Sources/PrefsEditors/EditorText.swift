internal import Foundation
internal import Prefs

/// The forms of text the controls show, and the characters a one-line text field keeps as they are.
enum EditorText {
    /// Whether a text field shows and gives back `string` unchanged: no line breaks (a field strips them), no other
    /// control characters (a browser's parser changes NUL and carriage returns; C1 controls are unreadable).
    static func isPlainLine(_ string: String) -> Bool {
        string.unicodeScalars.allSatisfy { scalar in
            !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                || scalar == "\u{2029}")
        }
    }

    /// A double as Swift writes it shortest (`0.1`, `1e-05`), or `nan`, `inf`, `-inf`, `-0.0`.
    static func text(of double: Double) -> String {
        if double.isNaN { return "nan" }
        if double.isInfinite { return double < 0 ? "-inf" : "inf" }
        return "\(double)"
    }

    /// `2026-11-22T15:47:00` (UTC, no zone) for a date that falls on a whole second of the years 1 to 9999, the form
    /// an HTML `datetime-local` field shows with `step="1"`; nil for any other date.
    static func wholeSecondText(of date: Date) -> String? {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.rounded(.down) == seconds else { return nil }
        let text = PreferenceDateFormat.string(from: date)
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[19] == UInt8(ascii: "Z"), bytes[0] != UInt8(ascii: "-"),
            Self.date(fromWholeSecondText: text.dropLast()) == date
        else { return nil }
        return String(text.dropLast())
    }

    /// Reads `2026-11-22T15:47`, `2026-11-22T15:47:00` or `2026-11-22T15:47:00.5` as a UTC time.
    static func date(fromWholeSecondText text: Substring) -> Date? {
        guard !text.isEmpty, !text.hasSuffix("Z"), !text.contains("+") else { return nil }
        let timeStart = text.firstIndex(of: "T") ?? text.endIndex
        let colons = text[timeStart...].filter { $0 == ":" }.count
        return PreferenceDateFormat.date(from: String(text) + (colons == 1 ? ":00Z" : "Z"))
    }
}
