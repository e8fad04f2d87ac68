/// A strict JSON parser producing ``PreferenceValue``s, keeping integers and doubles apart.
struct PreferenceJSONParser {
    struct Failure: Error, CustomStringConvertible {
        let message: String
        let offset: Int
        var description: String { "invalid JSON at byte \(offset): \(message)" }
    }

    private let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws -> PreferenceValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // a byte-order mark from an editor
        guard let value = try parseValue() else { throw fail("the document is null") }
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected content after the top-level value") }
        return value
    }

    private func fail(_ message: String) -> Failure { Failure(message: message, offset: position) }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        let expected = Array(literal.utf8)
        guard bytes[position...].starts(with: expected) else { throw fail("expected '\(literal)'") }
        position += expected.count
    }

    /// Parses one value; nil stands for JSON `null`.
    private mutating func parseValue() throws -> PreferenceValue? {
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end of the document") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return nil
        default: return try parseNumber()
        }
    }

    /// Parses an object; with `convertingMarks` (always, but for the object a `$dictionary` wrapper
    /// holds), a one-member object such as `{"$date": …}` becomes the value it stands for.
    private mutating func parseObject(convertingMarks: Bool = true) throws -> PreferenceValue {
        position += 1
        var members: [String: PreferenceValue] = [:]
        // The members of `{"$dictionary": {…}}`, as written: the wrapped object is a dictionary even
        // when it looks like a mark itself.
        var wrapped: [String: PreferenceValue]?
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .dictionary(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw fail("expected a member name")
            }
            let key = try parseString()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            if convertingMarks, key == "$dictionary", position < bytes.count, bytes[position] == UInt8(ascii: "{"),
                case .dictionary(let raw) = try parseObject(convertingMarks: false)
            {
                wrapped = raw
                members[key] = PreferenceJSON.special(raw) ?? .dictionary(raw)
            } else if let value = try parseValue() {
                members[key] = value
            }
            skipWhitespace()
            guard position < bytes.count else { throw fail("unterminated object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect("}")
            guard convertingMarks else { return .dictionary(members) }
            if members.count == 1, let wrapped { return .dictionary(wrapped) }
            return PreferenceJSON.special(members) ?? .dictionary(members)
        }
    }

    private mutating func parseArray() throws -> PreferenceValue {
        position += 1
        var elements: [PreferenceValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            guard let element = try parseValue() else { throw fail("null is not allowed in an array") }
            elements.append(element)
            skipWhitespace()
            guard position < bytes.count else { throw fail("unterminated array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect("]")
            return .array(elements)
        }
    }

    private mutating func parseString() throws -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run = []
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw fail("control character in a string")
            default:
                run.append(byte)
            }
        }
        throw fail("unterminated string")
    }

    private mutating func parseEscape() throws -> Unicode.Scalar {
        guard position < bytes.count else { throw fail("unterminated escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                try expect("\\u")
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw fail("invalid \\u escape") }
            return scalar
        default: throw fail("invalid escape")
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw fail("invalid \\u escape") }
        position += 4
        return value
    }

    private mutating func parseNumber() throws -> PreferenceValue {
        let start = position
        var isInteger = true
        while position < bytes.count {
            let byte = bytes[position]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") {
                position += 1
            } else if [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+")].contains(byte) {
                isInteger = false
                position += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard !text.isEmpty else { throw fail("unexpected character") }
        if isInteger {
            if let integer = Int64(text) { return .integer(integer) }
            if let integer = UInt64(text) { return .unsignedInteger(integer) }
        }
        guard let double = Double(text), double.isFinite else { throw fail("invalid number '\(text)'") }
        return .double(double)
    }
}
