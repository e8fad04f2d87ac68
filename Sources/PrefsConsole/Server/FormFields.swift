internal import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a query: percent-decoded bytes read as UTF-8, `+` as
/// a space; a field given twice keeps its last value (a switch's hidden `false` before its checked `true`).
struct FormFields: Sendable {
    private(set) var values: [String: String] = [:]

    /// Reads `text`.
    ///
    /// - Throws: ``ConsoleError`` of kind `badRequest` for a bad percent escape or bytes that are not UTF-8.
    init(_ text: some StringProtocol) throws {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            values[name] = try Self.decode(parts.count > 1 ? parts[1] : "")
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// Percent-decodes `text` and reads the bytes as UTF-8, exactly.
    ///
    /// - Parameters:
    ///   - text: The encoded text.
    ///   - plusIsSpace: Whether `+` stands for a space, as in a form or a query (not in a path).
    /// - Returns: The text.
    /// - Throws: ``ConsoleError`` of kind `badRequest` for a bad escape or bytes that are not UTF-8.
    static func decode(_ text: some StringProtocol, plusIsSpace: Bool = true) throws -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw ConsoleError(.badRequest, "a form field has a bad percent escape")
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        // Decoded as it is: Foundation's String(bytes:encoding:) would drop a leading byte order mark.
        let string = String(decoding: bytes, as: UTF8.self)
        guard Array(string.utf8) == bytes else { throw ConsoleError(.badRequest, "a form field is not UTF-8") }
        return string
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
