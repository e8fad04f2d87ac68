package import Foundation

/// The JSON form of preference values, used by the file store: readable, diffable, and lossless.
///
/// - Booleans, strings, arrays and objects are plain JSON.
/// - Integers are JSON numbers without a fraction; doubles always carry a fraction or an exponent
///   (`1.0`, `1e-05`), so each reads back as the kind it was.
/// - Values JSON lacks are one-member objects: `{"$date": "2026-11-22T15:47:00.123456Z"}` (exact, in the form of
///   ``PreferenceDateFormat``), `{"$data": "<base64>"}`, and
///   `{"$double": "nan" | "inf" | "-inf"}`. A stored dictionary that itself has a single member whose
///   name starts with `$`, or a member named `$dictionary`, is wrapped as `{"$dictionary": {…}}`.
/// - `null` members are ignored when reading.
///
/// `package` so that the `prefs` tool and `PrefsCommand` print and parse values exactly as the file holds them,
/// and the PostgreSQL store stores single values in the same form.
package enum PreferenceJSON {
    /// How doubles are written.
    package enum DoubleStyle: Sendable {
        /// Swift's shortest round-tripping form: `0.1`, `1e-05`, `-0.0`. The file store's form.
        case shortest
        /// Positional notation with at least one fraction digit (`0.00001`, `100000000000000000000.0`),
        /// and `{"$double": "-0"}` for negative zero: the form PostgreSQL's `jsonb` keeps digit for
        /// digit, where it would turn `1e+20` into an integer and `-0.0` into `0.0`.
        case positional
    }

    /// The top-level member that points an editor at the file's JSON Schema (`"$schema": "prefs.schema.json"`):
    /// kept by every write, never a key.
    package static let schemaMember = "$schema"

    /// The file's bytes for a set of members: a pretty-printed object with sorted keys.
    ///
    /// - Parameters:
    ///   - members: The keys and their values.
    ///   - schema: The file's ``schemaMember``, written back as it was read; nil for none.
    /// - Returns: The bytes.
    package static func encode(_ members: [String: PreferenceValue], schema: PreferenceValue? = nil) -> Data {
        var output = ""
        var members = members
        members[schemaMember] = schema
        write(.dictionary(members), to: &output, indent: "", doubles: .shortest, isFileObject: true)
        return Data((output + "\n").utf8)
    }

    /// One value in the file's format: pretty-printed over several lines as in the file, or compact on one line.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - pretty: Whether to write it over several lines, indented.
    ///   - doubles: How doubles are written.
    /// - Returns: The JSON text; ``value(parsing:)`` reads it back as the same value.
    package static func text(of value: PreferenceValue, pretty: Bool, doubles: DoubleStyle = .shortest) -> String {
        var output = ""
        write(value, to: &output, indent: pretty ? "" : nil, doubles: doubles, isFileObject: false)
        return output
    }

    /// Reads one value of any kind in the file's format (`42`, `"text"`, `{"$date": "…"}`, `[1, 2]`).
    ///
    /// - Parameter text: The JSON text.
    /// - Returns: The value.
    /// - Throws: An error naming the offset when the text is not JSON, or is `null`.
    package static func value(parsing text: String) throws -> PreferenceValue {
        var parser = PreferenceJSONParser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }

    /// Writes a value; a nil indent writes it compactly, on one line. Arrays and objects are written by functions of
    /// their own, so that each level of nesting costs little stack.
    private static func write(
        _ value: PreferenceValue,
        to output: inout String,
        indent: String?,
        doubles: DoubleStyle,
        isFileObject: Bool
    ) {
        switch value {
        case .array(let elements): writeElements(elements, to: &output, indent: indent, doubles: doubles)
        case .dictionary(let members):
            guard !members.isEmpty else { return output += "{}" }
            guard !isFileObject, isWrapped(members) else {
                return writeMembers(members, to: &output, indent: indent, doubles: doubles)
            }
            output += #"{"$dictionary": "#
            writeMembers(members, to: &output, indent: indent == nil ? nil : "", doubles: doubles)
            output += "}"
        default: writeScalar(value, to: &output, doubles: doubles)
        }
    }

    /// Writes a value that is neither an array nor a dictionary.
    private static func writeScalar(_ value: PreferenceValue, to output: inout String, doubles: DoubleStyle) {
        switch value {
        case .bool(let bool): output += bool ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .unsignedInteger(let integer): output += String(integer)
        case .double(let double):
            if double.isNaN {
                output += #"{"$double": "nan"}"#
            } else if double.isInfinite {
                output += double < 0 ? #"{"$double": "-inf"}"# : #"{"$double": "inf"}"#
            } else if doubles == .positional {
                output += double == 0 && double.sign == .minus ? #"{"$double": "-0"}"# : positional(double)
            } else {
                output += "\(double)"  // Swift's shortest round-tripping form, always with "." or "e"
            }
        case .string(let string): writeString(string, to: &output)
        case .data(let data): output += #"{"$data": ""# + data.base64EncodedString() + #""}"#
        case .date(let date): output += #"{"$date": ""# + PreferenceDateFormat.string(from: date) + #""}"#
        case .array, .dictionary: preconditionFailure("not a scalar")
        }
    }

    /// Writes an array; a nil indent writes it on one line.
    private static func writeElements(
        _ elements: [PreferenceValue],
        to output: inout String,
        indent: String?,
        doubles: DoubleStyle
    ) {
        guard !elements.isEmpty else { return output += "[]" }
        guard let indent else {
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += ", " }
                write(element, to: &output, indent: nil, doubles: doubles, isFileObject: false)
            }
            return output += "]"
        }
        let inner = indent + "  "
        output += "[\n"
        for (index, element) in elements.enumerated() {
            output += inner
            write(element, to: &output, indent: inner, doubles: doubles, isFileObject: false)
            output += index == elements.count - 1 ? "\n" : ",\n"
        }
        output += indent + "]"
    }

    /// Writes a non-empty object, sorted by name; a nil indent writes it on one line.
    private static func writeMembers(
        _ members: [String: PreferenceValue],
        to output: inout String,
        indent: String?,
        doubles: DoubleStyle
    ) {
        guard let indent else {
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += ", " }
                writeString(key, to: &output)
                output += ": "
                write(members[key]!, to: &output, indent: nil, doubles: doubles, isFileObject: false)
            }
            return output += "}"
        }
        let inner = indent + "  "
        output += "{\n"
        for (index, key) in members.keys.sorted().enumerated() {
            output += inner
            writeString(key, to: &output)
            output += ": "
            write(members[key]!, to: &output, indent: inner, doubles: doubles, isFileObject: false)
            output += index == members.count - 1 ? "\n" : ",\n"
        }
        output += indent + "}"
    }

    /// A finite double in positional notation with at least one fraction digit, built from Swift's
    /// shortest round-tripping digits, so it reads back as the same double.
    static func positional(_ double: Double) -> String {
        let shortest = "\(double)"
        guard let exponentIndex = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return shortest }
        let exponent = Int(shortest[shortest.index(after: exponentIndex)...])!
        var mantissa = shortest[..<exponentIndex]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let integerDigits = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
        let digits = mantissa.filter { $0 != "." }
        let point = (integerDigits ?? digits.count) + exponent
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) + ".0" }
        return sign + digits.prefix(point) + "." + digits.dropFirst(point)
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

    /// Reads a file's bytes; the top level must be an object. Its ``schemaMember`` is not a key and is left out.
    package static func decode(_ data: Data) throws -> [String: PreferenceValue] {
        try decodeFile(data).members
    }

    /// Reads a file's bytes into its keys and its ``schemaMember``; the top level must be an object.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: The keys and their values, and the schema member's value (nil when there is none).
    /// - Throws: An error naming the offset when the bytes are not a JSON object.
    package static func decodeFile(
        _ data: Data
    ) throws -> (members: [String: PreferenceValue], schema: PreferenceValue?) {
        var parser = PreferenceJSONParser(bytes: Array(data), isFile: true)
        let value = try parser.parseDocument()
        guard case .dictionary(var members) = value else {
            throw parser.fail("the top level is \(value.kindName), not an object", at: 0)
        }
        let schema = members.removeValue(forKey: schemaMember)
        return (members, schema)
    }

    /// Whether a stored dictionary is written wrapped, as `{"$dictionary": {…}}`: when its one member's name starts
    /// with `$` (it would read as a mark), or when it has a member named `$dictionary` beside others (a reader that
    /// meets that member first could not tell the dictionary from a wrapper until the object ends). So in a written
    /// file, an object with a `$dictionary` member has no other member.
    static func isWrapped(_ members: [String: PreferenceValue]) -> Bool {
        members.count == 1 ? members.keys.first!.hasPrefix("$") : members["$dictionary"] != nil
    }

    /// Turns the special one-member objects back into the values they stand for.
    static func special(_ members: [String: PreferenceValue]) -> PreferenceValue? {
        guard members.count == 1, let (key, value) = members.first, key.hasPrefix("$") else { return nil }
        switch (key, value) {
        case ("$date", .string(let string)): return PreferenceDateFormat.date(from: string).map(PreferenceValue.date)
        case ("$data", .string(let string)): return StrictText.data(base64: string).map(PreferenceValue.data)
        case ("$double", .string("nan")): return .double(.nan)
        case ("$double", .string("inf")): return .double(.infinity)
        case ("$double", .string("-inf")): return .double(-.infinity)
        case ("$double", .string("-0")): return .double(-0.0)
        case ("$dictionary", .dictionary(let wrapped)): return .dictionary(wrapped)
        default: return nil
        }
    }
}
