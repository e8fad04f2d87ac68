public import Foundation

extension FilePreferenceStore {
    /// What a ``FilePreferenceStore`` does with a file that does not parse as a preferences file (half a file left by
    /// a failing disk, a broken hand edit, another program's bytes): passed to its initializer.
    ///
    /// ```swift
    /// let store = try FilePreferenceStore(url: settingsURL, corruptionPolicy: .recover { damaged in
    ///     FilePreferenceStore.readableMembers(of: damaged)     // the members before the damage
    /// })
    /// ```
    ///
    /// Whatever the policy, the damaged bytes are never overwritten or deleted, and the problem is logged at error
    /// level with the file's path. The store waits a moment first, in case an editor is halfway through saving.
    public enum CorruptionPolicy: Sendable {
        /// Moves the damaged file aside to `<name>.corrupt-<timestamp>` (never over an existing file) and starts
        /// empty: every key reads its default. The default.
        case moveAside
        /// Moves the damaged file aside as ``moveAside`` does, then hands its bytes to `recover` and keeps what it
        /// returns: the store starts with those values, written to a new file in one atomic replace. A recovery that
        /// throws keeps nothing.
        case recover(@Sendable (_ damagedBytes: Data) throws -> [String: PreferenceValue])
        /// Refuses the file: the initializer throws a ``FilePreferenceStoreError`` of operation
        /// ``FilePreferenceStoreError/Operation/parse`` that names it, and leaves it as it is. A file that becomes
        /// damaged while the store is open is left too: the store keeps the values it read before, and writes fail
        /// with that error until the file parses again.
        case refuse
    }

    /// The members of a damaged preferences file that can still be read: those before the first damage, for a file
    /// that is a JSON object cut short or broken partway (a truncated write, a bad hand edit). A recovery for
    /// ``CorruptionPolicy/recover(_:)``.
    ///
    /// - Parameter damagedBytes: The file's bytes.
    /// - Returns: The readable members; empty when none can be read.
    public static func readableMembers(of damagedBytes: Data) -> [String: PreferenceValue] {
        let bytes = [UInt8](damagedBytes)
        var ends: [Int] = []  // after each member of the top-level object: the index of its ',' or '}'
        var depth = 0, inString = false, escaped = false
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 1 { ends.append(index) }
                depth -= 1
            case UInt8(ascii: ","): if depth == 1 { ends.append(index) }
            default: break
            }
            if depth < 0 { break }
        }
        for end in ends.reversed() {
            var candidate = Array(bytes[..<end])
            candidate.append(UInt8(ascii: "}"))
            if let members = try? PreferenceJSON.decodeFile(bytes: candidate).members { return members }
        }
        return [:]
    }
}
