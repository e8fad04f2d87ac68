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
        var output: [UInt8] = []
        var members = members
        members[schemaMember] = schema
        write(.dictionary(members), to: &output, indent: 0, doubles: .shortest, isFileObject: true)
        output.append(UInt8(ascii: "\n"))
        return Data(output)
    }

    /// One value in the file's format: pretty-printed over several lines as in the file, or compact on one line.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - pretty: Whether to write it over several lines, indented.
    ///   - doubles: How doubles are written.
    /// - Returns: The JSON text; ``value(parsing:)`` reads it back as the same value.
    package static func text(of value: PreferenceValue, pretty: Bool, doubles: DoubleStyle = .shortest) -> String {
        var output: [UInt8] = []
        write(value, to: &output, indent: pretty ? 0 : nil, doubles: doubles, isFileObject: false)
        return String(decoding: output, as: UTF8.self)
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

    /// Writes a value as UTF-8 bytes (appended whole, not a character at a time: a file's write encodes every member);
    /// `indent` is the number of spaces of the value's line, nil to write it compactly, on one line. Arrays and
    /// objects are written by functions of their own, so that each level of nesting costs little stack.
    private static func write(
        _ value: PreferenceValue,
        to output: inout [UInt8],
        indent: Int?,
        doubles: DoubleStyle,
        isFileObject: Bool
    ) {
        switch value {
        case .array(let elements): writeElements(elements, to: &output, indent: indent, doubles: doubles)
        case .dictionary(let members):
            guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            guard !isFileObject, isWrapped(members) else {
                return writeMembers(members, to: &output, indent: indent, doubles: doubles)
            }
            output.append(contentsOf: #"{"$dictionary": "#.utf8)
            writeMembers(members, to: &output, indent: indent == nil ? nil : 0, doubles: doubles)
            output.append(UInt8(ascii: "}"))
        default: writeScalar(value, to: &output, doubles: doubles)
        }
    }

    /// Writes a value that is neither an array nor a dictionary.
    private static func writeScalar(_ value: PreferenceValue, to output: inout [UInt8], doubles: DoubleStyle) {
        switch value {
        case .bool(let bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
        case .integer(let integer): output.append(contentsOf: String(integer).utf8)
        case .unsignedInteger(let integer): output.append(contentsOf: String(integer).utf8)
        case .double(let double):
            if double.isNaN {
                output.append(contentsOf: #"{"$double": "nan"}"#.utf8)
            } else if double.isInfinite {
                output.append(contentsOf: (double < 0 ? #"{"$double": "-inf"}"# : #"{"$double": "inf"}"#).utf8)
            } else if doubles == .positional {
                let text = double == 0 && double.sign == .minus ? #"{"$double": "-0"}"# : positional(double)
                output.append(contentsOf: text.utf8)
            } else {
                // Swift's shortest round-tripping form, always with "." or "e".
                output.append(contentsOf: "\(double)".utf8)
            }
        case .string(let string): writeString(string, to: &output)
        case .data(let data):
            output.append(contentsOf: #"{"$data": ""#.utf8)
            output.append(contentsOf: data.base64EncodedString().utf8)
            output.append(contentsOf: #""}"#.utf8)
        case .date(let date):
            output.append(contentsOf: #"{"$date": ""#.utf8)
            output.append(contentsOf: PreferenceDateFormat.string(from: date).utf8)
            output.append(contentsOf: #""}"#.utf8)
        case .array, .dictionary: preconditionFailure("not a scalar")
        }
    }

    /// Writes an array; a nil indent writes it on one line.
    private static func writeElements(
        _ elements: [PreferenceValue],
        to output: inout [UInt8],
        indent: Int?,
        doubles: DoubleStyle
    ) {
        guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
        guard let indent else {
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(contentsOf: ", ".utf8) }
                write(element, to: &output, indent: nil, doubles: doubles, isFileObject: false)
            }
            return output.append(UInt8(ascii: "]"))
        }
        output.append(contentsOf: "[\n".utf8)
        for (index, element) in elements.enumerated() {
            appendSpaces(indent + 2, to: &output)
            write(element, to: &output, indent: indent + 2, doubles: doubles, isFileObject: false)
            output.append(contentsOf: (index == elements.count - 1 ? "\n" : ",\n").utf8)
        }
        appendSpaces(indent, to: &output)
        output.append(UInt8(ascii: "]"))
    }

    /// Writes a non-empty object, sorted by name; a nil indent writes it on one line.
    private static func writeMembers(
        _ members: [String: PreferenceValue],
        to output: inout [UInt8],
        indent: Int?,
        doubles: DoubleStyle
    ) {
        guard let indent else {
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(contentsOf: ", ".utf8) }
                writeString(key, to: &output)
                output.append(contentsOf: ": ".utf8)
                write(members[key]!, to: &output, indent: nil, doubles: doubles, isFileObject: false)
            }
            return output.append(UInt8(ascii: "}"))
        }
        output.append(contentsOf: "{\n".utf8)
        for (index, key) in members.keys.sorted().enumerated() {
            appendSpaces(indent + 2, to: &output)
            writeString(key, to: &output)
            output.append(contentsOf: ": ".utf8)
            write(members[key]!, to: &output, indent: indent + 2, doubles: doubles, isFileObject: false)
            output.append(contentsOf: (index == members.count - 1 ? "\n" : ",\n").utf8)
        }
        appendSpaces(indent, to: &output)
        output.append(UInt8(ascii: "}"))
    }

    private static func appendSpaces(_ count: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
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

    /// Writes a string, quoted. Escapes concern ASCII bytes only, which never occur inside a multi-byte UTF-8
    /// sequence, so the bytes are escaped one by one; most names and values need none and are appended whole.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        output.append(quote)
        guard string.utf8.contains(where: { $0 == quote || $0 == backslash || $0 < 0x20 }) else {
            output.append(contentsOf: string.utf8)
            return output.append(quote)
        }
        for byte in string.utf8 {
            switch byte {
            case quote: output.append(contentsOf: #"\""#.utf8)
            case backslash: output.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = String(byte, radix: 16)
                output.append(contentsOf: #"\u"#.utf8)
                output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.utf8.count))
                output.append(contentsOf: hex.utf8)
            default: output.append(byte)
            }
        }
        output.append(quote)
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
        try decodeFile(bytes: Array(data))
    }

    /// Reads a file's bytes into its keys and its ``schemaMember``, as ``decodeFile(_:)`` does, without a copy.
    package static func decodeFile(
        bytes: [UInt8]
    ) throws -> (members: [String: PreferenceValue], schema: PreferenceValue?) {
        var parser = PreferenceJSONParser(bytes: bytes, isFile: true)
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
