public import Prefs

extension PreferenceEditor {
    /// The largest whole number a browser's number field (a JavaScript number) holds exactly: 2^53.
    public static let largestExactInteger: Int64 = 1 << 53

    /// The control that shows `value` exactly: the key's own control when it can, else text in an exact form of the
    /// key's type (a 64-bit integer, `nan`, `-0.0`, a date with a fraction of a second), else JSON.
    ///
    /// - Parameter value: The stored value; nil when the key has none.
    /// - Returns: The control.
    public func control(showing value: PreferenceValue?) -> PreferenceControl {
        guard let value, control != .secret else { return control }
        switch (control, value) {
        case (.choice, _): return allowedValues?.contains(value) == true ? .choice : .json
        case (.toggle, .bool): return .toggle
        case (.integer, .integer(let integer)):
            return integer.magnitude <= UInt64(Self.largestExactInteger) ? .integer : .exactText
        case (.integer, .unsignedInteger): return .exactText
        case (.number, .double(let double)):
            return double.isFinite && !(double == 0 && double.sign == .minus) ? .number : .exactText
        case (.text, .string(let string)): return EditorText.isPlainLine(string) ? .text : .json
        case (.dateTime, .date(let date)): return EditorText.wholeSecondText(of: date) != nil ? .dateTime : .exactText
        default: return .json
        }
    }

    /// The text `control` shows for `value`; ``value(parsing:in:)`` reads it back as the same value when `control`
    /// is ``control(showing:)`` of it. A secret's is empty.
    ///
    /// - Parameters:
    ///   - value: The stored value.
    ///   - control: The control.
    /// - Returns: The text.
    public func text(of value: PreferenceValue, in control: PreferenceControl) -> String {
        switch (control, value) {
        case (.secret, _): return ""
        case (.toggle, .bool(let bool)): return bool ? "true" : "false"
        case (.integer, .integer(let integer)), (.exactText, .integer(let integer)): return String(integer)
        case (.exactText, .unsignedInteger(let integer)): return String(integer)
        case (.number, .double(let double)), (.exactText, .double(let double)): return EditorText.text(of: double)
        case (.text, .string(let string)): return string
        case (.dateTime, .date(let date)): return EditorText.wholeSecondText(of: date) ?? ""
        case (.exactText, .date(let date)): return PreferenceDateFormat.string(from: date)
        case (.choice, _): return PreferenceJSON.text(of: value, pretty: false)
        default:
            if case .array = value { return PreferenceJSON.text(of: value, pretty: true) }
            if case .dictionary = value { return PreferenceJSON.text(of: value, pretty: true) }
            return PreferenceJSON.text(of: value, pretty: false)
        }
    }

    /// A choice's label: a string as it is, any other value in JSON.
    ///
    /// - Parameter value: One of ``allowedValues``.
    /// - Returns: The label.
    public func label(of value: PreferenceValue) -> String {
        if case .string(let string) = value { return string }
        return PreferenceJSON.text(of: value, pretty: false)
    }

    /// Reads the text of a control as a value of the key's kind, without checking it (see ``value(editing:in:)``).
    ///
    /// - Parameters:
    ///   - text: What the control holds.
    ///   - control: The control it came from.
    /// - Returns: The value.
    /// - Throws: ``PreferenceEditError`` saying what the control expects.
    public func value(
        parsing text: String, in control: PreferenceControl
    ) throws(PreferenceEditError) -> PreferenceValue {
        switch control {
        case .toggle:
            guard let bool = PreferenceValue.boolean(parsing: text) else {
                throw refusal("'\(text)' is not true or false")
            }
            return .bool(bool)
        case .integer: return try integer(text)
        case .number:
            guard let double = Double(text.trimmingSpaces), double.isFinite else {
                throw refusal("'\(text)' is not a number such as 1.5 or 2e-3")
            }
            return .double(double)
        case .text: return .string(text)
        case .dateTime:
            guard let date = EditorText.date(fromWholeSecondText: text.trimmingSpaces) else {
                throw refusal("'\(text)' is not a date and time such as 2026-11-22T15:47:00 (UTC)")
            }
            return .date(date)
        case .exactText: return try exactValue(text)
        case .choice, .json: return try json(text)
        case .secret: return kind == .string ? .string(text) : try value(parsing: text, in: kind.naturalControl)
        }
    }

    /// Reads the text of a control as a value of the key and checks it as the key's type: what a console writes.
    ///
    /// - Parameters:
    ///   - text: What the control holds.
    ///   - control: The control it came from.
    /// - Returns: The value, valid for the key.
    /// - Throws: ``PreferenceEditError`` saying why the text or the value is refused.
    public func value(
        editing text: String, in control: PreferenceControl
    ) throws(PreferenceEditError) -> PreferenceValue {
        let value = try value(parsing: text, in: control)
        try validate(value)
        return value
    }

    private func integer(_ text: String) throws(PreferenceEditError) -> PreferenceValue {
        let trimmed = text.trimmingSpaces
        if let integer = Int64(trimmed) { return .integer(integer) }
        if let integer = UInt64(trimmed) { return .unsigned(integer) }
        throw refusal("'\(text)' is not a whole number")
    }

    private func exactValue(_ text: String) throws(PreferenceEditError) -> PreferenceValue {
        switch kind {
        case .integer: return try integer(text)
        case .double:
            guard let double = Double(text.trimmingSpaces) else {
                throw refusal("'\(text)' is not a number such as 1.5, -0.0, nan or -inf")
            }
            return .double(double)
        case .date:
            guard let date = PreferenceDateFormat.date(from: String(text.trimmingSpaces)) else {
                throw refusal("'\(text)' is not an ISO 8601 date such as 2026-11-22T15:47:00.123456Z")
            }
            return .date(date)
        default: return try json(text)
        }
    }

    private func json(_ text: String) throws(PreferenceEditError) -> PreferenceValue {
        do {
            return try PreferenceJSON.value(parsing: text)
        } catch {
            throw refusal("not JSON in the preferences file's notation: \(error)")
        }
    }

    func refusal(_ message: String) -> PreferenceEditError {
        PreferenceEditError(key: name, message: isSecret ? "the new secret is not valid" : message)
    }
}

extension String {
    /// The text without spaces, tabs or line breaks around it.
    var trimmingSpaces: Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
