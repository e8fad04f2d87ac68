/// JSON's number grammar (RFC 8259): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. No `+1`, `01`, `.5`,
/// `1.`, `NaN` or `Infinity`.
enum JSONNumberSyntax {
    /// Scans the number that starts `bytes`.
    ///
    /// - Parameter bytes: The text.
    /// - Returns: Where the number ends and whether it is an integer (no fraction, no exponent); nil when `bytes`
    ///   does not start with a number.
    static func scan<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (end: Bytes.Index, isInteger: Bool)? {
        var index = bytes.startIndex
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            bytes.formIndex(after: &index)
            return true
        }
        func skipDigits() -> Int {
            var count = 0
            while index < bytes.endIndex, bytes[index] &- UInt8(ascii: "0") < 10 {
                bytes.formIndex(after: &index)
                count += 1
            }
            return count
        }
        _ = skip(UInt8(ascii: "-"))
        if !skip(UInt8(ascii: "0")) {
            guard skipDigits() > 0 else { return nil }
        }
        var isInteger = true
        if skip(UInt8(ascii: ".")) {
            guard skipDigits() > 0 else { return nil }
            isInteger = false
        }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            if !skip(UInt8(ascii: "+")) { _ = skip(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { return nil }
            isInteger = false
        }
        return (index, isInteger)
    }
}
