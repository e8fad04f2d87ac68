internal import Foundation

extension PreferenceValue {
    /// A total order on stored values, used wherever a store must write values whose order means nothing (the
    /// elements of a `Set`) in one stable order, so that the same set is always stored the same way.
    ///
    /// Kinds come in the order bool, number (integers of both signs by value), double, string, data, date, array,
    /// dictionary. Within a kind: `false` before `true`; numbers by value; doubles and dates by IEEE 754's total
    /// order (so NaN and -0.0 have their places); strings and data by their bytes (UTF-8 for strings: no locale);
    /// arrays element by element; dictionaries by their members sorted by name. Values that are the same
    /// (``==(_:_:)``) are never ordered before each other.
    ///
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: Another value.
    /// - Returns: Whether `lhs` comes before `rhs`.
    public static func storageOrder(_ lhs: PreferenceValue, _ rhs: PreferenceValue) -> Bool {
        compareForStorage(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` comes before, is the same as, or comes after `rhs` in the storage order.
    private static func compareForStorage(_ lhs: PreferenceValue, _ rhs: PreferenceValue) -> Int {
        let (leftRank, rightRank) = (lhs.storageRank, rhs.storageRank)
        if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
        switch (lhs, rhs) {
        case (.bool(let left), .bool(let right)): return compare(left ? 1 : 0, right ? 1 : 0)
        case (.double(let left), .double(let right)): return compareTotally(left, right)
        case (.date(let left), .date(let right)):
            return compareTotally(left.timeIntervalSinceReferenceDate, right.timeIntervalSinceReferenceDate)
        case (.string(let left), .string(let right)): return compareBytes(Array(left.utf8), Array(right.utf8))
        case (.data(let left), .data(let right)): return compareBytes(Array(left), Array(right))
        case (.array(let left), .array(let right)): return compareSequences(left, right)
        case (.dictionary(let left), .dictionary(let right)):
            let (leftNames, rightNames) = (left.keys.sorted(by: utf8Order), right.keys.sorted(by: utf8Order))
            for (leftName, rightName) in zip(leftNames, rightNames) {
                let byName = compareBytes(Array(leftName.utf8), Array(rightName.utf8))
                if byName != 0 { return byName }
                let byValue = compareForStorage(left[leftName]!, right[rightName]!)
                if byValue != 0 { return byValue }
            }
            return compare(leftNames.count, rightNames.count)
        default: return compareNumbers(lhs, rhs)
        }
    }

    /// The place of a value's kind in the storage order; integers of both signs share one.
    private var storageRank: Int {
        switch self {
        case .bool: 0
        case .integer, .unsignedInteger: 1
        case .double: 2
        case .string: 3
        case .data: 4
        case .date: 5
        case .array: 6
        case .dictionary: 7
        }
    }

    private static func compareNumbers(_ lhs: PreferenceValue, _ rhs: PreferenceValue) -> Int {
        switch (lhs, rhs) {
        case (.integer(let left), .integer(let right)): compare(left, right)
        case (.unsignedInteger(let left), .unsignedInteger(let right)): compare(left, right)
        case (.integer(let left), .unsignedInteger(let right)): left < 0 ? -1 : compare(UInt64(left), right)
        case (.unsignedInteger(let left), .integer(let right)): right < 0 ? 1 : compare(left, UInt64(right))
        default: 0
        }
    }

    private static func compare<T: Comparable>(_ lhs: T, _ rhs: T) -> Int { lhs < rhs ? -1 : lhs == rhs ? 0 : 1 }

    /// IEEE 754 total order, with every NaN the same.
    private static func compareTotally(_ lhs: Double, _ rhs: Double) -> Int {
        if lhs.isSameDouble(as: rhs) { return 0 }
        if lhs.isNaN { return 1 }
        if rhs.isNaN { return -1 }
        return lhs.isTotallyOrdered(belowOrEqualTo: rhs) ? -1 : 1
    }

    private static func compareBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        for (left, right) in zip(lhs, rhs) where left != right { return left < right ? -1 : 1 }
        return compare(lhs.count, rhs.count)
    }

    private static func compareSequences(_ lhs: [PreferenceValue], _ rhs: [PreferenceValue]) -> Int {
        for (left, right) in zip(lhs, rhs) {
            let order = compareForStorage(left, right)
            if order != 0 { return order }
        }
        return compare(lhs.count, rhs.count)
    }

    private static func utf8Order(_ lhs: String, _ rhs: String) -> Bool {
        compareBytes(Array(lhs.utf8), Array(rhs.utf8)) < 0
    }
}
