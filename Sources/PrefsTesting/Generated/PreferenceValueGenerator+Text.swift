public import Foundation

extension PreferenceValueGenerator {
    /// A string: empty, plain, unicode from every plane, combining marks, emoji sequences, quotes,
    /// backslashes, JSON and property-list look-alikes, control characters and NUL where the profile
    /// allows them, and now and then a long one.
    ///
    /// - Returns: The string.
    public mutating func string() -> String {
        if chance(0.03) { return longString() }
        let pieces = chance(0.1) ? 0 : Int.random(in: 1...6, using: &self)
        return fitted((0..<pieces).map { _ in piece() }.joined(), to: profile.maximumStringLength)
    }

    /// A key name: hostile names (dots, slashes, quotes, backslashes, whitespace, empty where the
    /// profile allows it, 10 KB long, unicode) often, otherwise an ordinary one; never longer than
    /// the profile's limit.
    ///
    /// - Returns: The name.
    public mutating func key() -> String {
        var name: String
        switch Int.random(in: 0..<10, using: &self) {
        case 0: name = pick(Self.hostileKeys)
        case 1: name = String(repeating: pick(["k", "é", "鍵", "🔑", "."]), count: 10_240)
        case 2, 3: name = string()
        default: name = "key." + String(next() % 100_000, radix: 36) + pick(["", ".a/b", " x", "\"q\"", "\\", "ü"])
        }
        name = allowedName(fitted(name, to: profile.maximumKeyLength))
        if name.isEmpty && !profile.allowsEmptyKey { name = "empty" }
        return name
    }

    /// A short name for a member of a dictionary (stored inside one value, not as a key): hostile
    /// names often; within what the profile allows.
    ///
    /// - Returns: The name.
    public mutating func memberName() -> String {
        allowedName(chance(0.3) ? pick(Self.hostileKeys.filter { !$0.isEmpty }) : fitted(piece(), to: 64))
    }

    /// A name without a first scalar the profile forbids.
    private func allowedName(_ name: String) -> String {
        guard !profile.allowsByteOrderMarkFirstInNames, name.unicodeScalars.first == "\u{FEFF}" else { return name }
        return "k" + name
    }

    /// Data: empty, one to three bytes (base64 padding), short, kilobytes, and now and then large.
    ///
    /// - Returns: The bytes.
    public mutating func data() -> Data {
        let length =
            switch Int.random(in: 0..<20, using: &self) {
            case 0, 1: 0
            case 2, 3, 4: Int.random(in: 1...3, using: &self)
            case 5: Int.random(in: 1_024...65_536, using: &self)
            case 6 where chance(0.1): profile.maximumDataLength
            default: Int.random(in: 4...64, using: &self)
            }
        var bytes = [UInt8](repeating: 0, count: min(length, profile.maximumDataLength))
        if chance(0.2) { bytes = bytes.map { _ in pick([0, 0xFF]) } } else { fill(&bytes) }
        return Data(bytes)
    }

    private mutating func fill(_ bytes: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            var word = next()
            for _ in 0..<8 where index < bytes.count {
                bytes[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
    }

    private mutating func longString() -> String {
        let unit = pick(["a", "ü", "鍵", "👋🏽", "e\u{301}", "\\\"", "\n"])
        let limit = max(1, profile.maximumStringLength)
        let count = Int.random(in: min(1_000, limit)...limit, using: &self) / unit.utf8.count
        return fitted(String(repeating: unit, count: count), to: profile.maximumStringLength)
    }

    /// One run of characters of one family.
    private mutating func piece() -> String {
        switch Int.random(in: 0..<12, using: &self) {
        case 0: return pick(Self.lookAlikes)
        case 1: return pick(["\"", "\\", "'", "\\\"", "\\u0000", "/", "</string>", "]]>", "&amp;", "<"])
        case 2: return pick(["e\u{301}", "\u{301}", "a\u{308}\u{301}", "\u{1F1EB}\u{1F1F7}", "👩‍👩‍👧", "👋🏽", "\u{200D}"])
        case 3: return pick([" ", "\t", "\n", "\r\n", "\u{A0}", "\u{2028}", "\u{FEFF}", "  "])
        case 4: return controlCharacter()
        case 5: return String(repeating: "a", count: Int.random(in: 1...40, using: &self))
        default: return randomScalars()
        }
    }

    private mutating func controlCharacter() -> String {
        var allowed: [UInt32] = [0x09, 0x0A]
        if profile.allowsControlCharacters { allowed += Array(0x01...0x1F) + [0x7F] }
        if profile.allowsNUL { allowed.append(0) }
        return String(Unicode.Scalar(pick(allowed))!)
    }

    private mutating func randomScalars() -> String {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x2FF, 0x370...0x52F, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xE000...0xF8FF,
            0xFFF0...0xFFFD, 0x1_0000...0x1_FFFF, 0x1_F300...0x1_F6FF, 0x2_0000...0x2_FFFF, 0xF_0000...0x10_FFFD,
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 1...12, using: &self) {
            if let scalar = Unicode.Scalar(UInt32.random(in: pick(ranges), using: &self)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Cuts a string to at most `limit` UTF-8 bytes, at a scalar boundary, and drops what the profile forbids.
    private func fitted(_ string: String, to limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var length = 0
        for scalar in string.unicodeScalars {
            if scalar.value == 0 && !profile.allowsNUL { continue }
            if !profile.allowsControlCharacters, scalar.value < 0x20 || scalar.value == 0x7F,
                scalar != "\t" && scalar != "\n"
            {
                continue
            }
            length += String(scalar).utf8.count
            if length > limit { break }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Key names that break naive stores: separators, quotes, escapes, whitespace, mark-like names.
    static let hostileKeys: [String] = [
        "", ".", "..", "a.b", "a..b", ".hidden", "trailing.", "a/b", "/", "//", "../x", "\"", "'", "\\", "\\\\",
        "a\\u0000b", " ", "  leading", "trailing ", "\t", "a\nb", "$date", "$data", "$double", "$dictionary", "$",
        "@key", "NSGlobalDomain", "key:with:colons", "{}", "[]", "null", "true", "0", "-1", "1e5", "é", "e\u{301}",
        "鍵", "🔑", "👩‍👩‍👧", "\u{FEFF}bom", "\u{2028}", "%20", "a b c", "<key>", "&amp;", "*", "?", "#",
    ]

    /// Strings that look like other values in the stores' formats.
    static let lookAlikes: [String] = [
        "true", "false", "null", "0", "-0", "1.0", "1e5", "NaN", "nan", "inf", "-inf", "Infinity", "$date",
        "2026-11-22T15:47:00.123456Z", "{\"$date\": \"1970-01-01T00:00:00Z\"}", "aGVsbG8=", "[1, 2]", "{}",
        "<?xml version=\"1.0\"?>", "<integer>1</integer>", "YES", "NO",
    ]
}
