package import Foundation

/// Dates as ISO 8601 text in UTC, with exactly as many fraction digits as it takes to read back
/// the same `Date`, so the file stays readable and loses nothing. `package` for the `prefs` tool.
package enum PreferenceDateFormat {
    // Guarded by `lock`: the formatter is not thread-safe.
    nonisolated(unsafe) private static let whole: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }()
    private static let lock = NSLock()

    /// The ISO 8601 text of a date, in UTC, with the fraction digits it needs.
    package static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let base = seconds.rounded(.down)
        let fraction = seconds - base  // exact: subtracting the floor of a double loses nothing
        let prefix = lock.withLock { whole.string(from: Date(timeIntervalSince1970: base)) }.dropLast()  // drop "Z"
        guard fraction != 0 else { return prefix + "Z" }
        for digits in 1...17 {
            let text = String(format: "%.\(digits)f", fraction).drop { $0 != "." }  // ".123"
            if base + (Double("0" + text) ?? .nan) == seconds {
                return prefix + text.reversed().drop { $0 == "0" }.reversed() + "Z"
            }
        }
        return prefix + String(format: "%.17f", fraction).drop { $0 != "." } + "Z"
    }

    /// Reads ISO 8601 text with or without a fraction; nil when it is not such text.
    package static func date(from string: String) -> Date? {
        var text = Substring(string)
        var fraction = 0.0
        if let dot = text.firstIndex(of: ".") {
            let digitsEnd = text[text.index(after: dot)...].firstIndex { !$0.isNumber } ?? text.endIndex
            guard let parsed = Double("0" + text[dot..<digitsEnd]) else { return nil }
            fraction = parsed
            text = text[..<dot] + text[digitsEnd...]
        }
        guard let base = lock.withLock({ whole.date(from: String(text)) }) else { return nil }
        return Date(timeIntervalSince1970: base.timeIntervalSince1970 + fraction)
    }
}
