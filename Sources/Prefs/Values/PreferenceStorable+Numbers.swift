/// Reads any stored number as an integer of type `T`, exactly or not at all.
private func storedInteger<T: FixedWidthInteger>(_ value: PreferenceValue, as type: T.Type) throws -> T {
    let result: T?
    switch value {
    case .integer(let stored): result = T(exactly: stored)
    case .unsignedInteger(let stored): result = T(exactly: stored)
    case .double(let stored): result = T(exactly: stored)
    default: throw PreferenceValueError.typeMismatch(expected: "\(T.self)", found: value)
    }
    guard let result else { throw PreferenceValueError.outOfRange(expected: "\(T.self)", found: value) }
    return result
}

/// Reads any stored number as a `Double`.
private func storedDouble(_ value: PreferenceValue, as typeName: String) throws -> Double {
    switch value {
    case .double(let stored): return stored
    case .integer(let stored): return Double(stored)
    case .unsignedInteger(let stored): return Double(stored)
    default: throw PreferenceValueError.typeMismatch(expected: typeName, found: value)
    }
}

/// A fixed-width integer stored as ``PreferenceValue/integer(_:)`` (or, above `Int64.max`,
/// ``PreferenceValue/unsignedInteger(_:)``). A stored number that does not fit is a decoding
/// failure, never a trap.
public protocol _PreferenceStorableInteger: FixedWidthInteger, PreferenceStorable {}

extension _PreferenceStorableInteger {
    /// Reads a stored number that this type represents exactly.
    public init(preferenceValue: PreferenceValue) throws {
        self = try storedInteger(preferenceValue, as: Self.self)
    }
    /// Stores the integer as ``PreferenceValue/integer(_:)`` whenever it fits.
    public func preferenceValue() -> PreferenceValue {
        if let signed = Int64(exactly: self) { return .integer(signed) }
        return .unsigned(UInt64(self))
    }
}

extension Int: _PreferenceStorableInteger {}
extension Int8: _PreferenceStorableInteger {}
extension Int16: _PreferenceStorableInteger {}
extension Int32: _PreferenceStorableInteger {}
extension Int64: _PreferenceStorableInteger {}
extension UInt: _PreferenceStorableInteger {}
extension UInt8: _PreferenceStorableInteger {}
extension UInt16: _PreferenceStorableInteger {}
extension UInt32: _PreferenceStorableInteger {}
extension UInt64: _PreferenceStorableInteger {}

extension Double: PreferenceStorable {
    /// Reads any stored number.
    public init(preferenceValue: PreferenceValue) throws {
        self = try storedDouble(preferenceValue, as: "Double")
    }
    /// Stores the value as ``PreferenceValue/double(_:)``.
    public func preferenceValue() -> PreferenceValue { .double(self) }
}

extension Float: PreferenceStorable {
    /// Reads any stored number, rounded to the nearest `Float`; one beyond `Float`'s range is out of range.
    public init(preferenceValue: PreferenceValue) throws {
        let double = try storedDouble(preferenceValue, as: "Float")
        let float = Float(double)
        if float.isInfinite && !double.isInfinite {
            throw PreferenceValueError.outOfRange(expected: "Float", found: preferenceValue)
        }
        self = float
    }
    /// Stores the value widened to a `Double`, which is exact.
    public func preferenceValue() -> PreferenceValue { .double(Double(self)) }
}
