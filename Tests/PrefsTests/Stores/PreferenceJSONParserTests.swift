import Foundation
import PrefsTestSupport
import PrefsTesting
import Testing

@testable import Prefs

/// The JSON reader under attack: every hostile input is a clear error or a documented reading, never a crash, a hang
/// or a silent change.
@Suite struct PreferenceJSONParserTests {
    private func parse(_ bytes: [UInt8]) throws -> PreferenceValue {
        var parser = PreferenceJSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    private func parse(_ text: String) throws -> PreferenceValue { try parse(Array(text.utf8)) }

    /// The failure's message for input that must be refused.
    private func failure(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do {
            let value = try parse(bytes)
            Issue.record("read as \(value)", sourceLocation: sourceLocation)
            return ""
        } catch {
            return "\(error)"
        }
    }

    private func failure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        failure(Array(text.utf8), sourceLocation: sourceLocation)
    }

    @Test func deepNestingIsRefusedAtTheDocumentedDepthWithoutOverflowingTheStack() throws {
        let limit = PreferenceJSONParser.maximumDepth
        #expect(limit == 128)
        for (open, close) in [("[", "]"), (#"{"a": "#, "}")] {
            let fits = String(repeating: open, count: limit) + "1" + String(repeating: close, count: limit)
            #expect(throws: Never.self) { try parse(fits) }
            let tooDeep = String(repeating: open, count: limit + 1) + "1" + String(repeating: close, count: limit + 1)
            #expect(failure(tooDeep).contains("nest deeper than 128 levels"))
            let attack = String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000)
            let elapsed = measureCPUTime { #expect(failure(attack).contains("nest deeper than 128 levels")) }
            #expect(elapsed < .seconds(2), "refusing 100,000 levels took \(elapsed) of processor time")
        }
        // Wide is fine: 100,000 siblings are not nesting.
        let wide = "[" + Array(repeating: "[]", count: 100_000).joined(separator: ",") + "]"
        #expect(try parse(wide) == .array(Array(repeating: .array([]), count: 100_000)))
    }

    @Test func hugeNumbersReadAsDocumented() throws {
        #expect(try parse("9223372036854775807") == .integer(.max))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse("18446744073709551615") == .unsignedInteger(.max))
        #expect(try parse("18446744073709551616") == .double(18_446_744_073_709_551_616))  // beyond UInt64
        #expect(try parse("-9223372036854775809") == .double(Double("-9223372036854775809")!))
        #expect(failure("1" + String(repeating: "0", count: 400)).contains("too large for a Double"))
        #expect(failure("1e400").contains("too large for a Double"))
        #expect(failure("-1.5e309").contains("too large for a Double"))
        #expect(try parse("1e-400") == .double(0))
        #expect(try parse("4.9e-324") == .double(.leastNonzeroMagnitude))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("-0.0") == .double(-0.0))
        #expect(try parse("0." + String(repeating: "0", count: 100_000) + "1") == .double(0))
        for invalid in ["01", "+1", ".5", "1.", "1e", "1e+", "-", "--1", "0x10", "1_000", "NaN", "Infinity", "-inf"] {
            #expect(!failure(invalid).isEmpty, "\(invalid)")
        }
    }

    /// Integers of up to 18 characters are read from their digits, longer ones through `Int64(_:)`: both agree on
    /// every length, sign and digit at the boundary.
    @Test func integersOfEveryLengthReadAsInt64Does() throws {
        var texts = ["0", "-0", "9", "-9"]
        for digits in 1...19 {
            for first in ["1", "9"] {
                let rest = String(repeating: "9", count: digits - 1)
                texts += [first + rest, "-" + first + rest, first + String(repeating: "0", count: digits - 1)]
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { texts.append(String(Int64.random(in: .min ... .max, using: &generator))) }
        for text in texts {
            let expected: PreferenceValue =
                if let integer = Int64(text) {
                    .integer(integer)
                } else if let integer = UInt64(text) {
                    .unsignedInteger(integer)
                } else {
                    .double(Double(text)!)
                }
            #expect(try parse(text) == expected, "\(text)")
            #expect(try parse("[\(text)]") == .array([expected]), "\(text) in an array")
        }
        // A fraction or an exponent after the digits makes a Double, at every length.
        for digits in 1...20 {
            let text = String(repeating: "7", count: digits)
            #expect(
                try parse("[\(text).5,\(text)e2,-\(text)E-1]")
                    == .array(
                        [Double("\(text).5")!, Double("\(text)e2")!, Double("-\(text)E-1")!].map(PreferenceValue.double)
                    ))
        }
    }

    @Test func invalidUTF8IsRefusedWhereItIs() {
        for bytes: [UInt8] in [[0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            let message = failure(Array(#"{"a": "ok"#.utf8) + bytes + Array(#""}"#.utf8))
            #expect(message.contains("invalid UTF-8 in a string") && message.contains("byte 9"), "\(bytes): \(message)")
            #expect(failure(bytes + Array("{}".utf8)).contains("unexpected byte"))
        }
        #expect((try? parse(#"{"é": "日本語 🔑"}"#)) == ["é": "日本語 🔑"])
    }

    @Test func surrogatesInEscapesMustBePairs() throws {
        #expect(try parse(#""\uD83D\uDD11""#) == "🔑")
        #expect(try parse(#""\u00e9\u0000""#) == "é\u{0}")
        #expect(failure(#""\uD83D""#).contains(#"a lone surrogate \uD83D (not followed by a low surrogate)"#))
        #expect(failure(#""\uD83Dx""#).contains("a lone surrogate"))
        #expect(failure(#""\uD83D\u0041""#).contains(#"a lone surrogate \uD83D (followed by \u0041)"#))
        #expect(failure(#""\uDD11""#).contains("a low surrogate without a high one"))
        #expect(failure(#""\u+123""#).contains("four hexadecimal digits"))
        #expect(failure(#""\u12""#).contains("four hexadecimal digits"))
        #expect(failure(#""\x41""#).contains("an invalid escape"))
    }

    @Test func aMemberNameThatAppearsTwiceIsRefused() {
        #expect(failure(#"{"a": 1, "a": 2}"#).contains(#"the member name "a" appears twice"#))
        #expect(failure(#"{"a": null, "a": 2}"#).contains("appears twice"))
        #expect(failure(#"{"x": {"$date": "2001-01-01T00:00:00Z", "$date": "x"}}"#).contains("appears twice"))
        #expect(failure("{\"\u{E9}\": 1, \"e\u{301}\": 2}").contains("appears twice"))  // canonically equal names
        #expect(throws: Never.self) { try parse(#"{"a": {"a": 1}, "b": {"a": 2}}"#) }
    }

    @Test func byteOrderMarksCommentsNULsAndTrailingContentAreClearErrors() throws {
        #expect(try parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)) == ["a": 1])
        #expect(failure([0xFF, 0xFE] + Array("{}".utf8)).contains("UTF-16"))
        #expect(failure([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("{}".utf8)).contains("unexpected byte 0xEF"))
        #expect(failure("{} // settings").contains("unexpected content after the top-level value"))
        #expect(failure("// settings\n{}").contains("comments are not allowed"))
        #expect(failure("{\"a\": /* one */ 1}").contains("comments are not allowed"))
        #expect(failure("{\"a\": 1}\0").contains("unexpected content after the top-level value"))
        #expect(failure("{\"a\": \"x\0y\"}").contains("a control character (0x0) in a string"))
        #expect(failure("\0").contains("unexpected byte 0x0"))
        #expect(failure("{\"a\": 1} {\"b\": 2}").contains("unexpected content after the top-level value"))
        #expect(failure("{\"a\": 1,}").contains("a trailing comma before '}'"))
        #expect(failure("[1,]").contains("a trailing comma before ']'"))
        #expect(failure("{'a': 1}").contains("expected a member name in double quotes"))
        #expect(failure("['a']").contains("strings must be in double quotes"))
        #expect(failure("null").contains("the document is null"))
        #expect(failure("[null]").contains("null is not allowed in an array"))
        #expect(failure("").contains("unexpected end of the document"))
        #expect(failure("   ").contains("unexpected end of the document"))
    }

    @Test func failuresNameTheLineAndColumn() {
        #expect(
            failure("{\n  \"a\": 1,\n  \"b\": tru\n}").hasPrefix(
                "invalid JSON at line 3, column 8 (byte 19): expected 'true'"))
    }

    @Test func everyTruncationOfADocumentIsAnError() throws {
        let document = Array(
            PreferenceJSON.encode([
                "date": .date(Date(timeIntervalSinceReferenceDate: 815_486_422.398_374_2)),
                "data": .data(Data([1, 2])),
                "nested": ["a": [1, 2.5, "x\u{1F511}\n"], "$b": ["c": true]], "nan": .double(.nan),
                "big": .unsigned(.max),
            ]).dropLast())  // the final line feed
        for length in 0..<document.count where document[..<length].contains(where: { $0 != 0x20 && $0 != 0x0A }) {
            let prefix = Array(document[..<length])
            #expect(throws: PreferenceJSONParser.Failure.self, "\(length) bytes") { try parse(prefix) }
        }
        #expect(throws: Never.self) { try parse(document) }
    }

    /// Mutated documents, from a seed printed on failure: each is an error or a value that is written and read back
    /// as the same text; all within a deadline.
    @Test func mutatedDocumentsNeverCrashHangOrChangeInSilence() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = PreferenceValueGenerator(seed: seed)
        let base = Array(
            PreferenceJSON.encode([
                "date": .date(Date(timeIntervalSinceReferenceDate: -0.5)), "data": .data(Data([0xFF])),
                "list": [1, -2, 3.5e-7, "é", ["$x": 1]], "text": "a\"b\\c\u{7}", "flag": false,
            ]))
        let tokens: [[UInt8]] =
            [
                "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\uD800", "null", "1e999", "-", "0", "/*", "\u{FEFF}",
                "\"$date\"", "\"$data\"", "\"$double\"", "\"$dictionary\"", "\"nan\"",
            ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF]]
        let start = threadCPUTime()  // processor time: a busy machine makes the thread wait, not work more
        var accepted = 0
        for index in 0..<20_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: if at < bytes.count { bytes.remove(at: at) }
                case 1: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!, at: at)
                case 2: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &generator) }
                default: bytes = Array(bytes[..<at])
                }
            }
            guard let value = try? parse(bytes) else { continue }
            accepted += 1
            let text = PreferenceJSON.text(of: value, pretty: true)
            let reread = try #require(try? parse(text), "seed \(seed), case \(index): \(text) does not read back")
            #expect(PreferenceJSON.text(of: reread, pretty: true) == text, "seed \(seed), case \(index)")
        }
        #expect(threadCPUTime() - start < .seconds(30 * deadlineScale), "seed \(seed)")
        #expect(accepted > 0)
    }
}
