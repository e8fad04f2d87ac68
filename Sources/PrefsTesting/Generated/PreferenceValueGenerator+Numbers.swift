public import Foundation
public import Prefs

extension PreferenceValueGenerator {
    /// An integer as stores hold it: every width's extremes often, `PreferenceValue.unsignedInteger`
    /// above `Int64.max`, otherwise random magnitudes of every size.
    ///
    /// - Returns: An `PreferenceValue.integer` or `PreferenceValue.unsignedInteger` value.
    public mutating func integer() -> PreferenceValue {
        if chance(0.1) {
            let any = UInt64.random(in: (1 << 63)...(.max), using: &self)
            return .unsignedInteger(pick([UInt64(Int64.max) + 1, .max, .max - 1, any]))
        }
        if chance(0.4) { return .integer(pick(Self.integerEdges)) }
        let bits = Int.random(in: 1...63, using: &self)
        let magnitude = Int64.random(in: 0...(Int64.max >> (63 - bits)), using: &self)
        return .integer(chance(0.5) ? -magnitude : magnitude)
    }

    static let integerEdges: [Int64] = [
        0, 1, -1, 2, -2, 10, 100, 255, 256, 65_535, 65_536,
        Int64(Int8.min), Int64(Int8.max), Int64(UInt8.max), Int64(Int16.min), Int64(Int16.max), Int64(UInt16.max),
        Int64(Int32.min), Int64(Int32.max), Int64(UInt32.max), Int64.min, Int64.max, Int64.min + 1, Int64.max - 1,
        1 << 53, (1 << 53) + 1, -(1 << 53) - 1,  // where doubles stop holding every integer
    ]

    /// A double: NaN, infinities, negative zero, subnormals, the largest finite, widened floats and
    /// integral values often; otherwise a random finite bit pattern or a value of everyday size.
    ///
    /// - Returns: The double.
    public mutating func double() -> Double {
        let double = anyDouble()
        return double.isNaN && !profile.allowsNaN ? 0.5 : double
    }

    private mutating func anyDouble() -> Double {
        switch Int.random(in: 0..<10, using: &self) {
        case 0, 1: return pick(Self.doubleEdges)
        case 2:  // a subnormal: exponent field zero
            let bits = UInt64.random(in: 1...((1 << 52) - 1), using: &self) | (chance(0.5) ? 1 << 63 : 0)
            return Double(bitPattern: bits)
        case 3: return Double(float())
        case 4:  // integral: 3.0 must stay a double
            return Double(Int64.random(in: -1_000_000...1_000_000, using: &self))
        case 5, 6:
            while true {
                let candidate = Double(bitPattern: next())
                if candidate.isFinite { return candidate }
            }
        default:
            let magnitude =
                Double.random(in: 0..<1, using: &self) * Double("1e\(Int.random(in: -12...12, using: &self))")!
            return chance(0.5) ? -magnitude : magnitude
        }
    }

    static let doubleEdges: [Double] = [
        .nan, -.nan, .infinity, -.infinity, 0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1e-5, 1e20, 1e21, 1e22,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .pi, .ulpOfOne, 1 + .ulpOfOne, 9_007_199_254_740_994,
        Double(Int64.max), Double(Int64.min), Double(UInt64.max),
    ]

    /// A float: its own edges (NaN where the profile allows it, infinities, negative zero, subnormals,
    /// the largest finite) often, otherwise a random finite bit pattern or a value of everyday size.
    ///
    /// - Returns: The float.
    public mutating func float() -> Float {
        let float = anyFloat()
        return float.isNaN && !profile.allowsNaN ? 0.5 : float
    }

    private mutating func anyFloat() -> Float {
        switch Int.random(in: 0..<4, using: &self) {
        case 0:
            return pick([
                Float.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude,
                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .pi, 0.1, 16_777_216, Float(1).nextUp,
            ])
        case 1:
            while true {
                let candidate = Float(bitPattern: UInt32(truncatingIfNeeded: next()))
                if candidate.isFinite { return candidate }
            }
        default: return Float.random(in: -1_000...1_000, using: &self)
        }
    }

    /// A date: `Date()`-like values with arbitrary sub-microsecond fractions most often, negative
    /// intervals, whole seconds, `distantPast`, `distantFuture`, the reference date and the Unix epoch.
    ///
    /// - Returns: The date.
    public mutating func date() -> Date {
        switch Int.random(in: 0..<8, using: &self) {
        case 0:
            return pick([
                .distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: 0),
                Date(timeIntervalSinceReferenceDate: -0.5), Date(timeIntervalSince1970: -1),
                Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude),
                Date(timeIntervalSinceReferenceDate: Date.distantPast.timeIntervalSinceReferenceDate.nextUp),
                Date(timeIntervalSinceReferenceDate: Date.distantFuture.timeIntervalSinceReferenceDate.nextDown),
            ])
        case 1:  // whole seconds, as property lists store natively
            return Date(
                timeIntervalSinceReferenceDate: Double(Int64.random(in: -2_000_000_000...2_000_000_000, using: &self)))
        case 2:  // anywhere between distantPast and distantFuture, any fraction
            let span = Date.distantFuture.timeIntervalSinceReferenceDate
            return Date(timeIntervalSinceReferenceDate: Double.random(in: -span...span, using: &self))
        case 3:  // close to the reference date, where the fraction has the most bits
            return Date(timeIntervalSinceReferenceDate: Double.random(in: -1_000...1_000, using: &self))
        default:  // `Date()`-like: around now, with arbitrary last bits (below the microsecond)
            let now = Double.random(in: 800_000_000..<900_000_000, using: &self)
            return Date(timeIntervalSinceReferenceDate: Double(bitPattern: now.bitPattern ^ (next() & 0xFFFF)))
        }
    }
}
