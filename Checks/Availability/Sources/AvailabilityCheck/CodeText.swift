/// A source file's code without its comments and string literals (each replaced by spaces, newlines kept, so that
/// byte offsets and positions are those of the file), for the few textual checks of ``LanguageFeatures``.
package struct CodeText {
    /// The code, byte for byte.
    package let bytes: [UInt8]
    private let lineStarts: [Int]

    package init(_ source: String) {
        let original = Array(source.utf8)
        var code = original
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where code[position] != UInt8(ascii: "\n") { code[position] = UInt8(ascii: " ") }
        }
        func at(_ offset: Int, _ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return offset + bytes.count <= original.count && Array(original[offset..<offset + bytes.count]) == bytes
        }
        while index < original.count {
            if at(index, "//") {
                let end = original[index...].firstIndex(of: UInt8(ascii: "\n")) ?? original.count
                blank(index..<end)
                index = end
            } else if at(index, "/*") {
                var depth = 0
                var end = index
                repeat {
                    if at(end, "/*") {
                        depth += 1
                        end += 2
                    } else if at(end, "*/") {
                        depth -= 1
                        end += 2
                    } else {
                        end += 1
                    }
                } while depth > 0 && end < original.count
                blank(index..<end)
                index = end
            } else if original[index] == UInt8(ascii: "\"")
                || original[index] == UInt8(ascii: "#")
                    && original[index...].drop(while: { $0 == UInt8(ascii: "#") }).first == UInt8(ascii: "\"")
            {
                index = Self.skipString(original, from: index, blank: blank)
            } else {
                index += 1
            }
        }
        bytes = code
        lineStarts = [0] + original.indices.filter { original[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    /// The position of a byte offset.
    package func position(of offset: Int) -> SourcePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// Blanks one string literal (plain, multi-line or raw) that starts at `start`, keeping the code of its
    /// interpolations, and returns the offset after it.
    private static func skipString(_ text: [UInt8], from start: Int, blank: (Range<Int>) -> Void) -> Int {
        var index = start
        var hashes = 0
        while text[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        let multiline =
            index + 2 < text.count && text[index + 1] == UInt8(ascii: "\"")
            && text[index + 2] == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        let closing = Array((multiline ? "\"\"\"" : "\"").utf8) + Array(repeating: UInt8(ascii: "#"), count: hashes)
        let interpolation =
            [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes) + [UInt8(ascii: "(")]
        var literalStart = start
        while index < text.count {
            if text[index...].starts(with: closing) {
                blank(literalStart..<index + closing.count)
                return index + closing.count
            }
            if text[index...].starts(with: interpolation) {
                // The interpolated expression is code: skip to its closing parenthesis, strings inside included.
                blank(literalStart..<index + interpolation.count)
                index += interpolation.count
                var depth = 1
                while index < text.count && depth > 0 {
                    let byte = text[index]
                    if byte == UInt8(ascii: "\"") {
                        index = skipString(text, from: index, blank: blank)
                        continue
                    }
                    if byte == UInt8(ascii: "(") { depth += 1 }
                    if byte == UInt8(ascii: ")") { depth -= 1 }
                    index += 1
                }
                literalStart = index - 1
                continue
            }
            if hashes == 0 && text[index] == UInt8(ascii: "\\") { index += 1 }  // an escaped character
            if !multiline && text[index] == UInt8(ascii: "\n") { break }  // unterminated: stop at the line's end
            index += 1
        }
        blank(literalStart..<min(index, text.count))
        return index
    }
}
