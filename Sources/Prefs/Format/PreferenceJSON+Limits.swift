internal import Foundation

extension PreferenceJSON {
    /// How deeply arrays and dictionaries may nest in a stored value, counted as they are written (a date, data or a
    /// special double is a one-member object): one level less than ``PreferenceJSONParser/maximumDepth``, which
    /// counts the file's own object.
    package static let maximumValueDepth = PreferenceJSONParser.maximumDepth - 1

    /// Checks that every value of a batch reads back as it is written: no date that is not finite, no nesting deeper
    /// than ``maximumValueDepth``.
    ///
    /// - Parameter changes: New values by key; nil (a removal) is always fine.
    /// - Throws: ``UnstorableValueError`` for the first key whose value cannot be stored.
    package static func checkStorable(_ changes: PreferenceStoreWrites) throws(UnstorableValueError) {
        for (key, value) in changes {
            guard let value else { continue }
            try checkStorable(value, key: key)
        }
    }

    /// Checks one value; see ``checkStorable(_:)``.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: The key, for the error.
    /// - Throws: ``UnstorableValueError``.
    package static func checkStorable(_ value: PreferenceValue, key: String) throws(UnstorableValueError) {
        if let reason = problem(in: value, levelsLeft: maximumValueDepth) {
            throw UnstorableValueError(key: key, reason: reason)
        }
    }

    /// What keeps a value from reading back as written, looking no deeper than `levelsLeft` levels.
    private static func problem(in value: PreferenceValue, levelsLeft: Int) -> String? {
        let depth: Int
        switch value {
        case .date(let date) where !date.timeIntervalSinceReferenceDate.isFinite:
            return "the date is not finite (\(date.timeIntervalSinceReferenceDate) seconds since 2001-01-01), "
                + "and no text form reads it back"
        case .date, .data: depth = 1
        case .double(let double): depth = double.isFinite && !(double == 0 && double.sign == .minus) ? 0 : 1
        case .array(let elements):
            guard levelsLeft >= 1 else { return tooDeep }
            for element in elements {
                if let problem = problem(in: element, levelsLeft: levelsLeft - 1) { return problem }
            }
            return nil
        case .dictionary(let members):
            let levels = PreferenceJSON.isWrapped(members) ? 2 : 1  // {"$dictionary": {…}}
            guard levelsLeft >= levels else { return tooDeep }
            for member in members.values {
                if let problem = problem(in: member, levelsLeft: levelsLeft - levels) { return problem }
            }
            return nil
        default: depth = 0
        }
        return depth <= levelsLeft ? nil : tooDeep
    }

    private static var tooDeep: String {
        "arrays and dictionaries nest deeper than \(maximumValueDepth) levels, the most the file format reads back"
    }
}
