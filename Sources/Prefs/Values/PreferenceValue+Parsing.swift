extension PreferenceValue {
    /// The stored forms a piece of text may stand for, most literal first: the text itself, its
    /// JSON reading (`42`, `true`, `[1, 2]`, `{"x": 1}`) or else a number as people write it
    /// (`007`, `+5`, `.5`), and common spellings of Booleans.
    ///
    /// A key picks the first form its type accepts, so `"42"` is a string for a `String` key and a
    /// number for an `Int` key, and `"dark"` is the `dark` case of a `Theme` key.
    ///
    /// - Parameter text: Text from an environment variable, a command line or a person.
    /// - Returns: The candidate values.
    public static func candidates(parsing text: String) -> [PreferenceValue] {
        var candidates: [PreferenceValue] = [.string(text)]
        if let json = try? PreferenceJSON.value(parsing: text) {
            if json != .string(text) { candidates.append(json) }
        } else if let number = lenientNumber(text) {
            candidates.append(number)
        }
        if let bool = boolean(parsing: text) { candidates.append(.bool(bool)) }
        return candidates
    }

    /// A number that JSON's strict grammar refuses but a person may write: a leading `+` or zeros,
    /// a bare `.` (`+5`, `007`, `.5`, `1.`); nil for anything else, `nan` and `inf` included.
    private static func lenientNumber(_ text: String) -> PreferenceValue? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return nil }
        if let integer = Int64(text) { return .integer(integer) }
        if let integer = UInt64(text) { return .unsignedInteger(integer) }
        if let double = Double(text), double.isFinite { return .double(double) }
        return nil
    }

    /// The common spellings of a Boolean, in any case: `true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0`.
    ///
    /// - Parameter text: The text.
    /// - Returns: The Boolean it spells, or nil.
    public static func boolean(parsing text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": true
        case "false", "no", "off", "0": false
        default: nil
        }
    }
}

extension PreferenceKeys.Key {
    /// Parses text as a value of this key: the first of ``PreferenceValue/candidates(parsing:)``
    /// that decodes as `Value`, in its stored form.
    ///
    /// - Parameter text: The text to parse.
    /// - Returns: The stored form of the parsed value, as the key itself would store it.
    /// - Throws: ``PreferenceValueError/invalidValue(expected:found:)`` when no reading is a valid `Value`.
    public func storedValue(parsing text: String) throws -> PreferenceValue {
        for candidate in PreferenceValue.candidates(parsing: text) {
            guard let value = try? decodeValue(candidate) else { continue }
            return (try? encodeValue(value)).flatMap { $0 } ?? candidate
        }
        throw PreferenceValueError.invalidValue(expected: "\(Value.self)", found: .string(text))
    }
}
