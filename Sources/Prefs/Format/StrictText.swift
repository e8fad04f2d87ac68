internal import Foundation

/// Text forms Prefs reads exactly as they are written, on every platform: Foundation's own parsers accept more on
/// Linux (`Data(base64Encoded:)` a length that is not a multiple of four and extra padding, `UUID(uuidString:)` a
/// space in place of a digit), which the JSON Schema of the keys could not describe and Apple platforms would read
/// differently. `JSONSchemaGeneratedTextTests` checks that the schema's patterns and these agree.
enum StrictText {
    /// Base64 as RFC 4648 writes it: groups of four characters of the standard alphabet, the last one padded with
    /// one or two `=` where the bytes end early.
    ///
    /// - Parameter text: The text.
    /// - Returns: The bytes, or nil.
    static func data(base64 text: String) -> Data? {
        let bytes = Array(text.utf8)
        guard bytes.count % 4 == 0 else { return nil }
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2, bytes.dropLast(padding).allSatisfy(isBase64) else { return nil }
        return Data(base64Encoded: text)
    }

    /// A UUID as its string: 32 hexadecimal digits in groups of 8, 4, 4, 4 and 12, in either case.
    ///
    /// - Parameter text: The text.
    /// - Returns: The UUID, or nil.
    static func uuid(_ text: String) -> UUID? {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        for (index, byte) in bytes.enumerated() {
            let isValid = [8, 13, 18, 23].contains(index) ? byte == UInt8(ascii: "-") : isHexadecimal(byte)
            guard isValid else { return nil }
        }
        return UUID(uuidString: text)
    }

    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    private static func isHexadecimal(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default: false
        }
    }
}
