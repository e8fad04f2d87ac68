internal import Foundation

extension PreferenceValue: Hashable {
    /// Whether two values are the same stored value: the one definition of "the value did not change".
    ///
    /// It is structural equality with three rules where `==` on the payload would mislead:
    /// - A double (or a date's interval) is the same only when it has the same bits, except that every NaN is the
    ///   same as every other NaN: a NaN written again is no change, and `-0.0` is a change from `0.0`.
    /// - A date is the same only when its `timeIntervalSinceReferenceDate` is, by the rule above.
    /// - An unsigned integer is the same as the signed integer of equal value.
    ///
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: Another value.
    /// - Returns: Whether they are the same stored value.
    public static func == (lhs: PreferenceValue, rhs: PreferenceValue) -> Bool {
        switch (lhs.canonical, rhs.canonical) {
        case (.bool(let left), .bool(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.unsignedInteger(let left), .unsignedInteger(let right)): left == right
        case (.double(let left), .double(let right)): left.isSameDouble(as: right)
        case (.string(let left), .string(let right)): left == right
        case (.data(let left), .data(let right)): left == right
        case (.date(let left), .date(let right)):
            left.timeIntervalSinceReferenceDate.isSameDouble(as: right.timeIntervalSinceReferenceDate)
        case (.array(let left), .array(let right)): left == right
        case (.dictionary(let left), .dictionary(let right)): left == right
        default: false
        }
    }

    /// Hashes the value consistently with ``==(_:_:)``.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        switch canonical {
        case .bool(let value):
            hasher.combine(0)
            hasher.combine(value)
        case .integer(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .unsignedInteger(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(3)
            hasher.combine(value.sameDoubleBits)
        case .string(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .data(let value):
            hasher.combine(5)
            hasher.combine(value)
        case .date(let value):
            hasher.combine(6)
            hasher.combine(value.timeIntervalSinceReferenceDate.sameDoubleBits)
        case .array(let values):
            hasher.combine(7)
            hasher.combine(values)
        case .dictionary(let members):
            hasher.combine(8)
            hasher.combine(members)
        }
    }

    /// The value with an unsigned integer that fits `Int64` turned into ``integer(_:)``.
    private var canonical: PreferenceValue {
        if case .unsignedInteger(let value) = self, value <= UInt64(Int64.max) { return .integer(Int64(value)) }
        return self
    }
}

extension Double {
    /// Whether two doubles are the same stored value: the same bits, or both NaN.
    func isSameDouble(as other: Double) -> Bool {
        bitPattern == other.bitPattern || (isNaN && other.isNaN)
    }

    /// The bits that identify this double as a stored value: one pattern for every NaN.
    var sameDoubleBits: UInt64 { isNaN ? Double.nan.bitPattern : bitPattern }
}
