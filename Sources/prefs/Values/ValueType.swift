internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand

/// The `--type` of `prefs set`: how `VALUE` is read.
enum ValueType: String, CaseIterable, ExpressibleByArgument {
    case bool, int, double, string, date, data, json

    /// The type a key keeps when `--type` is not given: the kind of the value it holds, so that
    /// `set launch_count 5` stays an integer and `set name 42` stays a string. A new key is a
    /// Boolean or a number when the text is one (`true`, `42`, `1.5`), and a string otherwise.
    static func inferred(for text: String, replacing existing: PreferenceValue?) -> ValueType {
        switch existing {
        case .bool?: return .bool
        case .integer?, .unsignedInteger?: return .int
        case .double?: return .double
        case .string?: return .string
        case .date?: return .date
        case .data?: return .data
        case .array?, .dictionary?: return .json
        case nil:
            if text == "true" || text == "false" { return .bool }
            if Int64(text) != nil || UInt64(text) != nil { return .int }
            if Double(text)?.isFinite == true, text.contains(where: { ".eE".contains($0) }) { return .double }
            return .string
        }
    }

    /// Reads `text` as a value of this type.
    ///
    /// - Throws: ``PrefsFailure`` with exit code 2 saying what this type accepts.
    func parse(_ text: String) throws -> PreferenceValue {
        switch self {
        case .bool:
            guard let bool = PreferenceValue.boolean(parsing: text) else {
                throw invalid(text, "true, false, yes, no, on, off, 1 or 0")
            }
            return .bool(bool)
        case .int:
            if let integer = Int64(text) { return .integer(integer) }
            if let integer = UInt64(text) { return .unsigned(integer) }
            throw invalid(text, "a whole number")
        case .double:
            guard let double = Double(text) else { throw invalid(text, "a number such as 1.5 or 2e-3") }
            return .double(double)
        case .string:
            return .string(text)
        case .date:
            if text == "now" { return .date(Date()) }
            guard let date = PreferenceDateFormat.date(from: text) else {
                throw invalid(text, "an ISO 8601 date such as 2026-11-22T15:47:00Z, or now")
            }
            return .date(date)
        case .data:
            guard let data = Data(base64Encoded: text) else { throw invalid(text, "base64 text") }
            return .data(data)
        case .json:
            do {
                return try PreferenceJSON.value(parsing: text)
            } catch {
                throw invalid(text, "JSON in the preferences file's format (\(error))")
            }
        }
    }

    private func invalid(_ text: String, _ expected: String) -> PrefsFailure {
        PrefsFailure(.invalidValue, "'\(text)' is not a valid \(rawValue): expected \(expected)")
    }
}
