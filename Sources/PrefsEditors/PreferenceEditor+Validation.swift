public import Prefs

extension PreferenceEditor {
    /// Checks that `value` is a valid value of the key: one of its allowed values, within its bounds, and, for a
    /// declared key, decoded as its type (the schema only guides the controls).
    ///
    /// - Parameter value: The stored form of the value.
    /// - Throws: ``PreferenceEditError`` saying why it is refused; a secret's message never quotes the value.
    public func validate(_ value: PreferenceValue) throws(PreferenceEditError) {
        if let allowedValues, !allowedValues.contains(value) {
            throw refusal(
                "\(label(of: value)) is not one of " + allowedValues.map(label(of:)).joined(separator: ", "))
        }
        if let comparison = Self.compare(value, minimum), comparison < 0, let minimum {
            throw refusal("\(label(of: value)) is below the smallest \(typeName), \(label(of: minimum))")
        }
        if let comparison = Self.compare(value, maximum), comparison > 0, let maximum {
            throw refusal("\(label(of: value)) is above the largest \(typeName), \(label(of: maximum))")
        }
        do {
            try check(value)
        } catch let error as PreferenceEditError {
            throw refusal(error.message)
        } catch let error as DecodingError {
            throw refusal("not a valid \(typeName): \(Self.summary(of: error))")
        } catch {
            throw refusal("not a valid \(typeName): \(error)")
        }
    }

    /// -1, 0 or 1 as `value` is below, at or above `bound`; nil unless both are whole numbers.
    private static func compare(_ value: PreferenceValue, _ bound: PreferenceValue?) -> Int? {
        func wide(_ value: PreferenceValue?) -> (negative: Bool, magnitude: UInt64)? {
            switch value {
            case .integer(let integer)?: (integer < 0, integer.magnitude)
            case .unsignedInteger(let integer)?: (false, integer)
            default: nil
            }
        }
        guard let left = wide(value), let right = wide(bound) else { return nil }
        if left.negative != right.negative { return left.negative ? -1 : 1 }
        if left.magnitude == right.magnitude { return 0 }
        return (left.magnitude < right.magnitude) != left.negative ? -1 : 1
    }

    /// What a decoding error says, without Swift's coding-path dump.
    private static func summary(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
