package import Foundation

/// The JSON form of preference values, used by the file store: readable, diffable, and lossless.
///
/// - Booleans, strings, arrays and objects are plain JSON.
/// - Integers are JSON numbers without a fraction; doubles always carry a fraction or an exponent
///   (`1.0`, `1e-05`), so each reads back as the kind it was.
/// - Values JSON lacks are one-member objects: `{"$date": "2026-11-22T15:47:00.123456Z"}` (UTC, with
///   as many fraction digits as the exact value needs), `{"$data": "<base64>"}`, and
///   `{"$double": "nan" | "inf" | "-inf"}`. A stored dictionary that itself has a single member whose
///   name starts with `$` is wrapped as `{"$dictionary": {…}}`.
/// - `null` members are ignored when reading.
///
/// `package` so that the `prefs` tool and `PrefsCommand` print and parse values exactly as the file holds them.
package enum PreferenceJSON {
    /// The file's bytes for a set of members: a pretty-printed object with sorted keys.
    package static func encode(_ members: [String: PreferenceValue]) -> Data {
        Data((text(of: .dictionary(members), pretty: true) + "\n").utf8)
    }

    /// One value in the file's format: pretty-printed over several lines as in the file, or compact on one line.
    package static func text(of value: PreferenceValue, pretty: Bool) -> String {
        var output = ""
        write(value, to: &output, indent: pretty ? "" : nil)
        return output
    }

    /// Reads one value of any kind in the file's format (`42`, `"text"`, `{"$date": "…"}`, `[1, 2]`).
    package static func value(parsing text: String) throws -> PreferenceValue {
        var parser = PreferenceJSONParser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }

    /// Writes a value; a nil indent writes it compactly, on one line.
    private static func write(_ value: PreferenceValue, to output: inout String, indent: String?) {
        switch value {
        case .bool(let bool): output += bool ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .unsignedInteger(let integer): output += String(integer)
        case .double(let double):
            if double.isNaN {
                output += #"{"$double": "nan"}"#
            } else if double.isInfinite {
                output += double < 0 ? #"{"$double": "-inf"}"# : #"{"$double": "inf"}"#
            } else {
                output += "\(double)"  // Swift's shortest round-tripping form, always with "." or "e"
            }
        case .string(let string): writeString(string, to: &output)
        case .data(let data): output += #"{"$data": ""# + data.base64EncodedString() + #""}"#
        case .date(let date): output += #"{"$date": ""# + PreferenceDateFormat.string(from: date) + #""}"#
        case .array(let elements):
            guard !elements.isEmpty else { return output += "[]" }
            guard let indent else {
                output += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { output += ", " }
                    write(element, to: &output, indent: nil)
                }
                return output += "]"
            }
            let inner = indent + "  "
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                write(element, to: &output, indent: inner)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .dictionary(let members):
            guard !members.isEmpty else { return output += "{}" }
            if indent != "", members.count == 1, members.keys.first!.hasPrefix("$") {
                output += #"{"$dictionary": "#
                writeMembers(members, to: &output, indent: indent == nil ? nil : "")
                return output += "}"
            }
            writeMembers(members, to: &output, indent: indent)
        }
    }

    /// Writes a non-empty object, sorted by name; a nil indent writes it on one line.
    private static func writeMembers(_ members: [String: PreferenceValue], to output: inout String, indent: String?) {
        guard let indent else {
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += ", " }
                writeString(key, to: &output)
                output += ": "
                write(members[key]!, to: &output, indent: nil)
            }
            return output += "}"
        }
        let inner = indent + "  "
        output += "{\n"
        for (index, key) in members.keys.sorted().enumerated() {
            output += inner
            writeString(key, to: &output)
            output += ": "
            write(members[key]!, to: &output, indent: inner)
            output += index == members.count - 1 ? "\n" : ",\n"
        }
        output += indent + "}"
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Reads a file's bytes; the top level must be an object.
    package static func decode(_ data: Data) throws -> [String: PreferenceValue] {
        var parser = PreferenceJSONParser(bytes: Array(data))
        let value = try parser.parseDocument()
        guard case .dictionary(let members) = value else {
            throw PreferenceJSONParser.Failure(message: "the top level is \(value.kindName), not an object", offset: 0)
        }
        return members
    }

    /// Turns the special one-member objects back into the values they stand for.
    static func special(_ members: [String: PreferenceValue]) -> PreferenceValue? {
        guard members.count == 1, let (key, value) = members.first, key.hasPrefix("$") else { return nil }
        switch (key, value) {
        case ("$date", .string(let string)): return PreferenceDateFormat.date(from: string).map(PreferenceValue.date)
        case ("$data", .string(let string)): return Data(base64Encoded: string).map(PreferenceValue.data)
        case ("$double", .string("nan")): return .double(.nan)
        case ("$double", .string("inf")): return .double(.infinity)
        case ("$double", .string("-inf")): return .double(-.infinity)
        case ("$dictionary", .dictionary(let wrapped)): return .dictionary(wrapped)
        default: return nil
        }
    }
}
