/// Finds, in code without comments and strings (``CodeText``), the function types whose runtime metadata needs the
/// Swift 6.0 runtime, where they are not a parameter's type, and the parameter packs.
struct FunctionTypeScanner {
    let code: [UInt8]

    /// The specifiers and attributes that may stand between a parameter's `:` and its function type.
    private static let parameterSpecifiers: Set<String> = [
        "inout", "sending", "borrowing", "consuming", "isolated", "@escaping", "@Sendable", "@MainActor",
        "@concurrent", "@autoclosure", "@isolated(any)", "nonisolated(nonsending)",
    ]
    /// Thrown types that every runtime handles: untyped throws.
    private static let untypedThrows: Set<String> = [
        "any Error", "Error", "Swift.Error", "any Swift.Error", "Never", "Swift.Never",
    ]

    /// Offsets of `throws(E)`, `@isolated(any)` and `nonisolated(nonsending)` in function types that are not a
    /// parameter's type, with what each is.
    func reifiedFunctionTypes() -> [(Int, String)] {
        var found: [(Int, String)] = []
        for offset in occurrences(of: "throws") {
            let after = skipSpaces(from: offset + 6)
            guard after < code.count, code[after] == UInt8(ascii: "("), let close = closing(after) else { continue }
            let thrown = text(after + 1..<close).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !Self.untypedThrows.contains(thrown) else { continue }
            // The parameter clause before the effects: `(…) async throws(E)`.
            var before = skipSpacesBackward(from: offset - 1)
            if word(endingAt: before) == "async" { before = skipSpacesBackward(from: before - 5) }
            guard before >= 0, code[before] == UInt8(ascii: ")"), let open = opening(before) else { continue }
            if isDeclarationClause(open) { continue }  // a function's own `throws(E)`
            if !isParameterType(startingAt: open) { found.append((offset, "'throws(\(thrown))'")) }
        }
        for (attribute, length) in [("@isolated(any)", 14), ("nonisolated(nonsending)", 23)] {
            for offset in occurrences(of: attribute) {
                // The function type after the attribute and any others: `@isolated(any) @Sendable () -> Void`.
                var next = skipSpaces(from: offset + length)
                while next < code.count, code[next] == UInt8(ascii: "@") {
                    next = skipSpaces(from: next + word(startingAt: next).utf8.count)
                }
                guard next < code.count, code[next] == UInt8(ascii: "(") else { continue }  // a declaration modifier
                if !isParameterType(startingAt: offset) { found.append((offset, "'\(attribute)'")) }
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// Offsets of `each T` in generic parameter lists and pack expansions.
    func parameterPacks() -> [Int] {
        occurrences(of: "each").filter { offset in
            let previous = skipSpacesBackward(from: offset - 1)
            let next = skipSpaces(from: offset + 4)
            guard previous >= 0, next < code.count, isIdentifier(code[next]) else { return false }
            return [UInt8(ascii: "<"), UInt8(ascii: ",")].contains(code[previous])
                || word(endingAt: previous) == "repeat"
        }
    }

    // MARK: - Shapes

    /// Whether the parenthesized group opening at `open` is the parameter clause of a function, initializer or
    /// subscript declaration: `func name(`, `func name<T>(`, `init(`, `init?(`, `subscript(`.
    private func isDeclarationClause(_ open: Int) -> Bool {
        var before = skipSpacesBackward(from: open - 1)
        guard before >= 0 else { return false }
        if code[before] == UInt8(ascii: ">"), let start = openingAngle(before) {
            before = skipSpacesBackward(from: start - 1)
        }
        if before >= 0, code[before] == UInt8(ascii: "?") || code[before] == UInt8(ascii: "!") {
            before = skipSpacesBackward(from: before - 1)
        }
        let name = word(endingAt: before)
        if name == "init" || name == "subscript" { return true }
        guard !name.isEmpty else { return false }
        let keyword = word(endingAt: skipSpacesBackward(from: before - name.utf8.count))
        return keyword == "func"
    }

    /// Whether the type starting at `start` (its attributes included) is a parameter's type in a declaration's
    /// parameter clause: `name: @escaping (…) throws(E) -> R` inside `func f(…)`.
    private func isParameterType(startingAt start: Int) -> Bool {
        var before = skipSpacesBackward(from: start - 1)
        while before >= 0 {
            let token = attributeOrWord(endingAt: before)
            guard Self.parameterSpecifiers.contains(token) else { break }
            before = skipSpacesBackward(from: before - token.utf8.count)
        }
        guard before >= 0, code[before] == UInt8(ascii: ":"), let clause = enclosingOpen(before) else { return false }
        return code[clause] == UInt8(ascii: "(") && isDeclarationClause(clause)
    }

    // MARK: - Scanning

    private func occurrences(of token: String) -> [Int] {
        let bytes = Array(token.utf8)
        var result: [Int] = []
        var index = 0
        while index + bytes.count <= code.count {
            if code[index] == bytes[0], code[index..<index + bytes.count].elementsEqual(bytes),
                index == 0 || !isIdentifier(code[index - 1]),
                index + bytes.count == code.count || !isIdentifier(code[index + bytes.count])
                    || !isIdentifier(bytes[bytes.count - 1])
            {
                result.append(index)
            }
            index += 1
        }
        return result
    }

    private func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }

    private func skipSpaces(from offset: Int) -> Int {
        var index = offset
        while index < code.count, isSpace(code[index]) { index += 1 }
        return index
    }

    private func skipSpacesBackward(from offset: Int) -> Int {
        var index = offset
        while index >= 0, isSpace(code[index]) { index -= 1 }
        return index
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: code[range], as: UTF8.self) }

    /// The identifier that ends at `end` (inclusive), or "".
    private func word(endingAt end: Int) -> String {
        var start = end
        while start >= 0, isIdentifier(code[start]) { start -= 1 }
        return end >= 0 ? text(start + 1..<end + 1) : ""
    }

    /// The identifier or attribute (`@Sendable`) that starts at `start`.
    private func word(startingAt start: Int) -> String {
        var end = start + (code[start] == UInt8(ascii: "@") ? 1 : 0)
        while end < code.count, isIdentifier(code[end]) { end += 1 }
        return text(start..<end)
    }

    /// The word, attribute or `attribute(argument)` (`@isolated(any)`, `nonisolated(nonsending)`) that ends at `end`.
    private func attributeOrWord(endingAt end: Int) -> String {
        var last = end
        if code[end] == UInt8(ascii: ")"), let open = opening(end) { last = open - 1 }
        var start = last
        while start >= 0, isIdentifier(code[start]) { start -= 1 }
        if start >= 0, code[start] == UInt8(ascii: "@") { start -= 1 }
        return text(start + 1..<end + 1)
    }

    private func closing(_ open: Int) -> Int? {
        matching(
            from: open, through: code.count - 1, opens: { character, _ in character == "(" }, closes: { $0 == ")" })
    }

    private func opening(_ close: Int) -> Int? {
        matching(from: close, through: 0, opens: { character, _ in character == ")" }, closes: { $0 == "(" })
    }

    /// The `<` that opens the generic clause ending with the `>` at `close` (an arrow's `>` is not one).
    private func openingAngle(_ close: Int) -> Int? {
        matching(
            from: close, through: 0, opens: { character, index in character == ">" && !isArrow(index) },
            closes: { $0 == "<" })
    }

    private func isArrow(_ index: Int) -> Bool { index > 0 && code[index - 1] == UInt8(ascii: "-") }

    /// The bracket that balances the one at `start`, scanning towards `end`: `opens` deepens, `closes` shallows.
    private func matching(
        from start: Int, through end: Int, opens: (Character, Int) -> Bool, closes: (Character) -> Bool
    ) -> Int? {
        var depth = 0
        for index in stride(from: start, through: end, by: start <= end ? 1 : -1) {
            let character = Character(Unicode.Scalar(code[index]))
            if opens(character, index) { depth += 1 }
            if closes(character) {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The innermost `(`, `[` or `{` that is still open at `offset`.
    private func enclosingOpen(_ offset: Int) -> Int? {
        var depth = 0
        for index in stride(from: offset, through: 0, by: -1) {
            switch code[index] {
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth += 1
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 0 { return index }
                depth -= 1
            default: continue
            }
        }
        return nil
    }
}
