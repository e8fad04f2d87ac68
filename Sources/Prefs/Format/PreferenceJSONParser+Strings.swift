extension PreferenceJSONParser {
    /// Parses a string at the current position (its opening quote): valid UTF-8, no control characters, escapes
    /// as JSON defines them, no lone surrogates.
    mutating func parseString() throws(Failure) -> String {
        position += 1
        var start = position
        // Most names and values are printable ASCII to the closing quote: scanned without bounds checks and made a
        // String at once (a file's open parses every member, so this is most of its work). Anything else, from the
        // first byte that is not, takes the loop below.
        let plainEnd = bytes.withUnsafeBufferPointer { buffer in
            var index = start
            if let base = UnsafeRawPointer(buffer.baseAddress) {
                while index + 8 <= buffer.count,
                    !Self.mayEnd(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                }
            }
            return Self.plainBytes.withUnsafeBufferPointer { isPlain in
                while index < buffer.count, isPlain[Int(buffer[index])] { index += 1 }
                return index
            }
        }
        if plainEnd < bytes.count, bytes[plainEnd] == UInt8(ascii: "\"") {
            position = plainEnd + 1
            return bytes.withUnsafeBufferPointer { String(decoding: $0[start..<plainEnd], as: UTF8.self) }
        }
        position = plainEnd
        var result = ""
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                try appendText(from: start, to: &result)
                position += 1
                return result
            case UInt8(ascii: "\\"):
                try appendText(from: start, to: &result)
                position += 1
                result.unicodeScalars.append(try parseEscape())
                start = position
            case 0..<0x20:
                throw fail(
                    "a control character (0x\(String(byte, radix: 16, uppercase: true))) in a string: write it as an escape"
                )
            default:
                position += 1
            }
        }
        throw fail("unterminated string")
    }

    /// Whether one of eight bytes is not plain (see ``plainBytes``), tested on them at once: a byte of 0x80 or more, a
    /// byte below 0x20, a quote or a backslash (a byte below 0x20 or a zero byte of `word ^ pattern`, found by the
    /// borrow of a subtraction; exact as a yes or no).
    private static func mayEnd(_ word: UInt64) -> Bool {
        // Each constant repeats one byte eight times (no multiplication: the generic `&*` needs macOS 15).
        let ones: UInt64 = 0x0101_0101_0101_0101, spaces: UInt64 = 0x2020_2020_2020_2020
        let quotes: UInt64 = 0x2222_2222_2222_2222, backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasByteBelow(_ limits: UInt64, _ word: UInt64) -> Bool { (word &- limits) & ~word & highs != 0 }
        return word & highs != 0 || hasByteBelow(spaces, word) || hasByteBelow(ones, word ^ quotes)
            || hasByteBelow(ones, word ^ backslashes)
    }

    /// Whether a byte can be part of a string as it is and is ASCII: not a quote, a backslash or a control character.
    private static let plainBytes: [Bool] = (0...255).map {
        $0 >= 0x20 && $0 < 0x80 && $0 != Int(UInt8(ascii: "\"")) && $0 != Int(UInt8(ascii: "\\"))
    }

    /// Appends the bytes from `start` to the current position, which must be valid UTF-8.
    private func appendText(from start: Int, to result: inout String) throws(Failure) {
        guard start < position else { return }
        let run = bytes[start..<position]
        if !run.contains(where: { $0 >= 0x80 }) {
            result += String(decoding: run, as: UTF8.self)  // ASCII: valid as it is
            return
        }
        var scalars = String.UnicodeScalarView()
        var decoder = UTF8()
        var iterator = run.makeIterator()
        var offset = start
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                result.unicodeScalars.append(contentsOf: scalars)
                return
            case .error:
                throw fail("invalid UTF-8 in a string", at: offset)
            }
        }
    }

    private mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
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
            let start = position - 2
            let unit = try parseHex4()
            switch unit {
            case 0xD800..<0xDC00:
                guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw fail("a lone surrogate \\u\(Self.hex(unit)) (not followed by a low surrogate)", at: start)
                }
                position += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw fail("a lone surrogate \\u\(Self.hex(unit)) (followed by \\u\(Self.hex(low)))", at: start)
                }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            case 0xDC00..<0xE000:
                throw fail("a lone surrogate \\u\(Self.hex(unit)) (a low surrogate without a high one)", at: start)
            default:
                return Unicode.Scalar(unit)!
            }
        default:
            throw fail("an invalid escape '\\\(byte < 0x80 ? String(Unicode.Scalar(byte)) : "…")'", at: position - 2)
        }
    }

    /// Four hexadecimal digits.
    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Self.hexDigit(bytes[position]) else {
                throw fail("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func hex(_ unit: UInt32) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
