/// A Swift type's name as `"\(T.self)"` writes it (`Optional<Array<Int>>`), taken apart: what tools show and what the
/// JSON Schema needs to know about a key's type. `package` for the command-line tools.
package enum TypeName {
    /// The name before its generic arguments: `Dictionary` for `Dictionary<String, Int>`.
    package static func base(of name: String) -> Substring {
        name.firstIndex(of: "<").map { name[..<$0] } ?? name[...]
    }

    /// The generic arguments, each as written: `["String", "Array<Int>"]` for `Dictionary<String, Array<Int>>`.
    package static func arguments(of name: String) -> [String] {
        guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return [] }
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in name[name.index(after: open)..<name.index(before: name.endIndex)] {
            switch character {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0:
                arguments.append(current.trimmingWhitespace)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        arguments.append(current.trimmingWhitespace)
        return arguments
    }

    /// The wrapped type's name of an optional (`Int` for `Optional<Int>`), or the name itself.
    package static func unwrappingOptional(_ name: String) -> String {
        let arguments = arguments(of: name)
        let base = base(of: name)
        return (base == "Optional" || base == "Swift.Optional") && arguments.count == 1 ? arguments[0] : name
    }

    /// The name as people write it: `Optional<Date>` is `Date?`, `Array<Int>` is `[Int]`,
    /// `Dictionary<String, Double>` is `[String: Double]`.
    package static func readable(_ name: String) -> String {
        let arguments = arguments(of: name)
        guard !arguments.isEmpty else { return name }
        let base = base(of: name)
        let readable = arguments.map(Self.readable)
        switch (base, readable.count) {
        case ("Optional", 1), ("Swift.Optional", 1): return readable[0] + "?"
        case ("Array", 1), ("Swift.Array", 1): return "[\(readable[0])]"
        case ("Dictionary", 2), ("Swift.Dictionary", 2): return "[\(readable[0]): \(readable[1])]"
        default: return base + "<" + readable.joined(separator: ", ") + ">"
        }
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
