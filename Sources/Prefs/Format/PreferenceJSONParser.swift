#if canImport(Darwin)
internal import Darwin  // memchr
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// A strict JSON parser (RFC 8259) producing ``PreferenceValue``s, keeping integers and doubles apart, that refuses
/// with a clear error everything else: it never crashes, never loops, and never changes what it reads in silence.
///
/// - Nesting deeper than ``maximumDepth`` arrays and objects is refused (the parser recurses once per level).
/// - Integers read as `Int64`, or as `UInt64` above `Int64.max`; an integer beyond both reads as the nearest
///   `Double`. A number with a fraction or an exponent reads as the nearest `Double` (one too small for a `Double`
///   as 0 or the nearest subnormal); one too large for a `Double` is refused.
/// - Strings must be valid UTF-8; `\u` escapes of a lone surrogate are refused.
/// - A member name that appears twice in an object is refused (names are compared as Swift strings, which treat
///   canonically equivalent names, `"é"` and `"e\u0301"`, as the same name).
/// - A UTF-8 byte-order mark at the start is skipped. Comments, `NaN`, `Infinity`, single quotes, trailing commas,
///   leading zeros, control characters in strings and anything after the top-level value are refused.
/// - `null` members are ignored; `null` in an array and a `null` document are refused.
struct PreferenceJSONParser {
    /// How deeply arrays and objects may nest, the file's top-level object included.
    static let maximumDepth = 128

    /// Why the bytes are not a document: a message and where, as a byte offset, line and column.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        let offset: Int
        let line: Int
        let column: Int
        var description: String { "invalid JSON at line \(line), column \(column) (byte \(offset)): \(message)" }
    }

    let bytes: [UInt8]
    var position = 0

    /// Whether the document is a preferences file, whose top-level members are keys (never marks, whatever their
    /// names), rather than one value.
    let isFile: Bool

    init(bytes: [UInt8], isFile: Bool = false) {
        self.bytes = bytes
        self.isFile = isFile
    }

    mutating func parseDocument() throws(Failure) -> PreferenceValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3  // a byte-order mark from an editor
        } else if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw fail("the text is UTF-16 (it starts with a UTF-16 byte-order mark), not UTF-8")
        }
        guard let value = try parseValue() else { throw fail("the document is null") }
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected content after the top-level value") }
        return value
    }

    /// A failure at the current position.
    func fail(_ message: String) -> Failure { fail(message, at: position) }

    /// A failure at `offset`, with its line and column (in bytes, from 1).
    func fail(_ message: String, at offset: Int) -> Failure {
        let before = bytes[..<min(offset, bytes.count)]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return Failure(message: message, offset: offset, line: line, column: offset - lineStart + 1)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ literal: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes[position...].starts(with: expected) else { throw fail("expected '\(literal)'") }
        position += expected.count
    }

    /// Parses one value, nil standing for JSON `null`. Iterative, with the open arrays and objects on a stack of
    /// its own, so that the depth of a document never touches the call stack.
    /// The number of line feeds, found with `memchr` (counted a byte at a time, they cost about 8 M instructions in a
    /// 1.2 MB file, a quarter of its open).
    private static func lineBreaks(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard var cursor = UnsafeRawPointer(buffer.baseAddress) else { return 0 }
            let end = cursor + buffer.count
            var count = 0
            while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
                count += 1
                cursor = UnsafeRawPointer(found) + 1
            }
            return count
        }
    }

    private mutating func parseValue() throws(Failure) -> PreferenceValue? {
        // A file is written one member per line: its line count bounds the keys to make room for at once.
        let expectedKeys = isFile ? min(bytes.count / 4, Self.lineBreaks(in: bytes)) : 0
        var open = OpenContainers(outermostObjectHoldsKeys: isFile, expectedKeys: expectedKeys)
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of the document") }
            var value: PreferenceValue?
            switch bytes[position] {
            case UInt8(ascii: "{"):
                if try enter(closedBy: "}", depth: open.depth) {
                    value = .dictionary([:])
                } else {
                    open.openObject(firstName: try parseMemberName())
                    continue
                }
            case UInt8(ascii: "["):
                if try enter(closedBy: "]", depth: open.depth) {
                    value = .array([])
                } else {
                    open.openArray()
                    continue
                }
            default:
                value = try parseScalar(inArray: open.innermostIsArray)
            }
            // Hand the value to the containers it completes, closing each that ends here, until one goes on.
            completing: while true {
                skipWhitespace()
                switch open.innermost {
                case nil:
                    return value
                case .array:
                    guard let element = value else { throw fail("null is not allowed in an array") }
                    open.append(element)
                    guard position < bytes.count else { throw fail("unterminated array") }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                        break completing
                    }
                    guard bytes[position] == UInt8(ascii: "]") else {
                        throw fail("expected ',' or ']' after an element")
                    }
                    position += 1
                    value = .array(open.closeArray())
                case .object:
                    if let taken = open.setMember(value) {
                        throw fail(
                            "the member name \(PreferenceJSON.text(of: .string(taken.name), pretty: false)) appears twice",
                            at: taken.start)
                    }
                    guard position < bytes.count else { throw fail("unterminated object") }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                        open.nextMember(try parseMemberName())
                        break completing
                    }
                    guard bytes[position] == UInt8(ascii: "}") else { throw fail("expected ',' or '}' after a member") }
                    position += 1
                    value = open.closeObject()
                }
            }
        }
    }

    /// Steps into the array or object that opens here, `depth` levels deep, refusing to go past ``maximumDepth``;
    /// returns whether it is empty (and steps past its `closer` then).
    private mutating func enter(closedBy closer: Unicode.Scalar, depth: Int) throws(Failure) -> Bool {
        guard depth < Self.maximumDepth else {
            throw fail("arrays and objects nest deeper than \(Self.maximumDepth) levels")
        }
        position += 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: closer) else { return false }
        position += 1
        return true
    }

    /// Parses `"name":`, refusing a name the object already has.
    private mutating func parseMemberName() throws(Failure) -> (name: String, start: Int) {
        skipWhitespace()
        guard position < bytes.count else { throw fail("unterminated object") }
        guard bytes[position] == UInt8(ascii: "\"") else {
            throw fail(
                bytes[position] == UInt8(ascii: "}")
                    ? "a trailing comma before '}'" : "expected a member name in double quotes")
        }
        let start = position
        let name = try parseString()
        skipWhitespace()
        try expect(":")
        return (name, start)
    }

    /// Parses a string, a number, `true`, `false` or `null` (nil).
    private mutating func parseScalar(inArray: Bool) throws(Failure) -> PreferenceValue? {
        switch bytes[position] {
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
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "/"): throw fail("comments are not allowed in JSON")
        case UInt8(ascii: "]") where inArray: throw fail("a trailing comma before ']'")
        case let byte: throw fail(Self.unexpected(byte))
        }
    }

    private static func unexpected(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "'"): "strings must be in double quotes"
        case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "+"), UInt8(ascii: "."):
            "not a JSON value (numbers have no leading '+' or '.', and NaN and Infinity are not JSON)"
        case 0x21...0x7E: "unexpected character '\(Character(Unicode.Scalar(byte)))'"
        default: "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    private mutating func parseNumber() throws(Failure) -> PreferenceValue {
        if let (integer, end) = shortInteger() {
            position = end
            return .integer(integer)
        }
        let start = position
        guard let (end, isInteger) = JSONNumberSyntax.scan(bytes[position...]) else {
            throw fail("an invalid number (JSON numbers are -?digits[.digits][e[+-]digits], without leading zeros)")
        }
        position = end
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        if isInteger {
            if let integer = Int64(text) { return .integer(integer) }
            if let integer = UInt64(text) { return .unsignedInteger(integer) }
        }
        guard let double = Double(text), double.isFinite else {
            throw fail(
                "the number \(text.prefix(40))\(text.count > 40 ? "…" : "") is too large for a Double", at: start)
        }
        return .double(double)
    }

    /// The common number, read from its digits without making a `String`: an integer of 1 to 18 digits (which
    /// always fits an `Int64`), without a leading zero, a fraction or an exponent. Nil for anything else, which the
    /// general path reads or refuses.
    ///
    /// - Returns: The integer and the position after it.
    private func shortInteger() -> (Int64, end: Int)? {
        var index = position
        let isNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        let digitsStart = index
        var value: Int64 = 0
        while index < bytes.count, index - digitsStart < 18, bytes[index] &- UInt8(ascii: "0") < 10 {
            value = value * 10 + Int64(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        guard index > digitsStart, index == digitsStart + 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
            return nil
        }
        if index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 || Self.continuesNumber(bytes[index]) {
            return nil
        }
        return (isNegative ? -value : value, index)
    }

    /// Whether a byte after digits continues the number: a fraction or an exponent.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
