import Foundation

extension PreferenceValueGenerator {
    /// The seed of this test run: `PREFS_TEST_SEED` (decimal, or hexadecimal with `0x`) when set,
    /// so that a failure replays exactly; otherwise a random one, chosen once per process.
    ///
    /// ```sh
    /// PREFS_TEST_SEED=0x5eed swift test --filter GeneratedRoundTrip
    /// ```
    public static var environmentSeed: UInt64 { runSeed }

    private static let runSeed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["PREFS_TEST_SEED"], let seed = parseSeed(text) {
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }()

    /// Reads a seed as printed by ``seedText(_:)`` or as a decimal number.
    ///
    /// - Parameter text: `0x…` or decimal digits.
    /// - Returns: The seed, or nil when the text is neither.
    public static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }

    /// A seed as failure messages print it, ready for `PREFS_TEST_SEED`.
    ///
    /// - Parameter seed: The seed.
    /// - Returns: `0x` and sixteen hexadecimal digits.
    public static func seedText(_ seed: UInt64) -> String {
        let digits = String(seed, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// How many cases a generated test runs: `base` scaled by `PREFS_TEST_SCALE` (default 1; a
    /// long local run sets it to 20 or 100), at least one.
    ///
    /// - Parameter base: The number of cases for a normal run (CI's).
    /// - Returns: The scaled number.
    public static func caseCount(_ base: Int) -> Int {
        let scale = ProcessInfo.processInfo.environment["PREFS_TEST_SCALE"].flatMap(Double.init) ?? 1
        return max(1, Int((Double(base) * scale).rounded()))
    }

    /// The command that replays a failure of this generator's run.
    ///
    /// - Parameter filter: The test's name, for `swift test --filter`.
    /// - Returns: `PREFS_TEST_SEED=0x… swift test --filter <filter>`.
    public func replayCommand(filter: String) -> String {
        "PREFS_TEST_SEED=\(Self.seedText(seed)) swift test --filter '\(filter)'"
    }
}
