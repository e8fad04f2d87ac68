import Foundation
import Testing

@testable import Prefs

/// Strings are scanned eight bytes at a time until a byte that is not plain ASCII, then a byte at a time: every kind
/// of byte that ends the fast scan, at every offset within and across those eight-byte words, reads back as written,
/// and every byte a string must not hold as it is is refused wherever it stands.
@Suite struct PreferenceJSONStringScanTests {
    /// What can stand in a string, written by the encoder: a quote, a backslash, control characters (escaped),
    /// non-ASCII characters of two to four bytes, and the largest plain bytes.
    static let specials: [String] = ["\"", "\\", "\n", "\u{01}", "\u{1F}", "é", "€", "😀", "~", " ", "\u{7F}"]

    @Test(arguments: specials)
    func aSpecialCharacterReadsBackAtEveryOffset(_ special: String) throws {
        for length in 0...40 {
            for offset in 0...length {
                let plain = String(repeating: "a", count: length)
                let text = String(plain.prefix(offset)) + special + String(plain.dropFirst(offset))
                let json = PreferenceJSON.text(of: .string(text), pretty: false)
                #expect(try PreferenceJSON.value(parsing: json) == .string(text), "\(length), \(offset): \(json)")
                // As a member name of a file, too.
                let file = Data("{\"\(json.dropFirst().dropLast())\": 1}".utf8)
                #expect(try PreferenceJSON.decode(file) == [text: .integer(1)], "\(length), \(offset)")
            }
        }
    }

    @Test(arguments: [0x00, 0x09, 0x1F, 0x80, 0xC3, 0xFF] as [UInt8])
    func aByteAStringMustNotHoldIsRefusedAtEveryOffset(_ byte: UInt8) {
        for length in 0...24 {
            for offset in 0...length {
                var bytes = Array("\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: length) + Array("\"".utf8)
                bytes.insert(byte, at: 1 + offset)
                #expect(throws: (any Error).self, "byte \(byte) at \(offset) of \(length)") {
                    var parser = PreferenceJSONParser(bytes: bytes)
                    _ = try parser.parseDocument()
                }
            }
        }
    }

    @Test func aStringWithoutItsClosingQuoteIsRefusedAtEveryLength() {
        for length in 0...24 {
            let bytes = Array("\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: length)
            #expect(throws: (any Error).self, "\(length)") {
                var parser = PreferenceJSONParser(bytes: bytes)
                _ = try parser.parseDocument()
            }
        }
    }
}
