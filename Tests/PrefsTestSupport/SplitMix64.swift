/// A small seeded random number generator (SplitMix64), so a generated test gives the same cases on every run and
/// platform, and a failure can be replayed from the seed it prints.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts from `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        // Not `&*`: the overload it resolves to here is available only from macOS 15 / iOS 18 (the availability check).
        mixed = (mixed ^ (mixed >> 30)).multipliedReportingOverflow(by: 0xBF58_476D_1CE4_E5B9).partialValue
        mixed = (mixed ^ (mixed >> 27)).multipliedReportingOverflow(by: 0x94D0_49BB_1331_11EB).partialValue
        return mixed ^ (mixed >> 31)
    }
}
