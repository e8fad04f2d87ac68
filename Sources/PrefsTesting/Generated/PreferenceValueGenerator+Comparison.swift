import Foundation
public import Prefs

extension PreferenceValueGenerator {
    /// Whether a store gave back exactly what was written: the same kind at every level, integers
    /// and data equal, doubles bit for bit except that every NaN is the same (a store need not keep
    /// a NaN's payload) and negative zero differs from zero, dates with the same
    /// `timeIntervalSinceReferenceDate` bit for bit, and strings with the same Unicode scalars (a store
    /// that normalizes text changes the user's data, although Swift's `==` would not tell). It is
    /// `PreferenceValue`'s `==` made stricter on strings and on the kind of an integer.
    ///
    /// - Parameters:
    ///   - written: What was written.
    ///   - read: What was read back; nil when nothing was.
    /// - Returns: Whether they are the same stored value.
    public static func isSameStoredValue(_ written: PreferenceValue?, _ read: PreferenceValue?) -> Bool {
        switch (written, read) {
        case (nil, nil): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
        case (.double(let a), .double(let b)): return a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.data(let a), .data(let b)): return a == b
        case (.date(let a), .date(let b)):
            return a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { isSameStoredValue($0, $1) }
        case (.dictionary(let a), .dictionary(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { name, value in
                // Member names compared by scalars too: find the member whose name has the same scalars.
                guard let match = b.first(where: { $0.key.unicodeScalars.elementsEqual(name.unicodeScalars) }) else {
                    return false
                }
                return isSameStoredValue(value, match.value)
            }
        default: return false
        }
    }

    /// Where two values differ (as ``isSameStoredValue(_:_:)`` sees them): paths such as `["frame"][2]`
    /// with the two values found there, depth first; empty when they are the same.
    ///
    /// - Parameters:
    ///   - written: What was written.
    ///   - read: What was read back.
    ///   - limit: The most differences to return.
    /// - Returns: The differences, at most `limit`.
    public static func differences(
        _ written: PreferenceValue?,
        _ read: PreferenceValue?,
        limit: Int = 3
    ) -> [(path: String, written: PreferenceValue?, read: PreferenceValue?)] {
        var found: [(path: String, written: PreferenceValue?, read: PreferenceValue?)] = []
        func visit(_ path: String, _ written: PreferenceValue?, _ read: PreferenceValue?) {
            guard found.count < limit else { return }
            switch (written, read) {
            case (.array(let a), .array(let b)) where a.count == b.count:
                for (index, pair) in zip(a, b).enumerated() { visit(path + "[\(index)]", pair.0, pair.1) }
            case (.dictionary(let a), .dictionary(let b)) where Set(a.keys) == Set(b.keys):
                for name in a.keys.sorted() { visit(path + "[\"\(escaped(name))\"]", a[name], b[name]) }
            default:
                if !isSameStoredValue(written, read) { found.append((path, written, read)) }
            }
        }
        visit("", written, read)
        return found
    }

    /// A rendering that shows every difference ``isSameStoredValue(_:_:)`` sees: doubles with their
    /// bit pattern, dates with their exact interval since the reference date, strings with the
    /// Unicode scalars that are not printable ASCII escaped, and long values abbreviated.
    ///
    /// - Parameter value: The value; nil prints as `nil`.
    /// - Returns: The text.
    public static func exactDescription(of value: PreferenceValue?) -> String {
        guard let value else { return "nil" }
        let text: String
        switch value {
        case .bool(let bool): text = "\(bool)"
        case .integer(let integer): text = "\(integer)"
        case .unsignedInteger(let integer): text = "\(integer) (unsigned)"
        case .double(let double): text = "\(double) (bits 0x\(String(double.bitPattern, radix: 16)))"
        case .string(let string): text = "\"" + escaped(string) + "\""
        case .data(let data):
            text = "<\(data.count) bytes: \(data.prefix(16).map { String($0, radix: 16) }.joined(separator: " "))>"
        case .date(let date):
            let interval = date.timeIntervalSinceReferenceDate
            text = "date(sinceReferenceDate: \(interval), bits 0x\(String(interval.bitPattern, radix: 16)))"
        case .array(let elements): text = "[" + elements.map { exactDescription(of: $0) }.joined(separator: ", ") + "]"
        case .dictionary(let members):
            text =
                "{"
                + members.sorted { $0.key < $1.key }.map { "\"\(escaped($0.key))\": \(exactDescription(of: $0.value))" }
                .joined(separator: ", ") + "}"
        }
        return text.count > 600 ? String(text.prefix(600)) + "… (\(text.count) characters)" : text
    }

    /// A string with every scalar outside printable ASCII (and quotes and backslashes) escaped, cut to 200 scalars.
    static func escaped(_ string: String) -> String {
        var output = ""
        for (index, scalar) in string.unicodeScalars.enumerated() {
            if index == 200 { return output + "…(\(string.unicodeScalars.count) scalars)" }
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case " "..."~": output.unicodeScalars.append(scalar)
            default: output += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return output
    }
}
