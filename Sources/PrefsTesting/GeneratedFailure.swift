public import Prefs

/// One generated case that a store or a container got wrong, with what it needs to be replayed.
public struct GeneratedFailure: Error, Sendable, CustomStringConvertible {
    /// The seed of the run; `PREFS_TEST_SEED` set to it replays the run.
    public let seed: UInt64
    /// The number of the case within the run.
    public let caseIndex: Int
    /// What was checked: "round trip", "reload", "removal", "observer", "equal write", "fresh read".
    public let check: String
    /// The stored name.
    public let key: String
    /// The value written.
    public let written: PreferenceValue?
    /// The value read back (nil: nothing).
    public let read: PreferenceValue?
    /// The smallest key and value found that still fail the same check (the case itself when not shrunk).
    public let minimal: (key: String, value: PreferenceValue?)
    /// What went wrong, when more than "read back differently".
    public let detail: String?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - seed: The seed of the run.
    ///   - caseIndex: The number of the case.
    ///   - check: What was checked.
    ///   - key: The stored name.
    ///   - written: The value written.
    ///   - read: The value read back.
    ///   - minimal: The smallest failing key and value found.
    ///   - detail: What went wrong, when more than a different value.
    public init(
        seed: UInt64,
        caseIndex: Int,
        check: String,
        key: String,
        written: PreferenceValue?,
        read: PreferenceValue?,
        minimal: (key: String, value: PreferenceValue?)? = nil,
        detail: String? = nil
    ) {
        self.seed = seed
        self.caseIndex = caseIndex
        self.check = check
        self.key = key
        self.written = written
        self.read = read
        self.minimal = minimal ?? (key, written)
        self.detail = detail
    }

    /// Whether the written value or the minimal one contains a value of a kind, at any depth.
    ///
    /// - Parameter predicate: Tests one scalar or container.
    /// - Returns: Whether any part of the values satisfies it.
    public func involves(_ predicate: (PreferenceValue) -> Bool) -> Bool {
        [written, minimal.value].contains { $0.map { Self.contains($0, predicate) } ?? false }
    }

    private static func contains(_ value: PreferenceValue, _ predicate: (PreferenceValue) -> Bool) -> Bool {
        if predicate(value) { return true }
        switch value {
        case .array(let elements): return elements.contains { contains($0, predicate) }
        case .dictionary(let members): return members.values.contains { contains($0, predicate) }
        default: return false
        }
    }

    /// The seed, the case, what differed, and the smallest failing value.
    public var description: String {
        let show = PreferenceValueGenerator.exactDescription(of:)
        var text = "\(check), case \(caseIndex) of seed \(PreferenceValueGenerator.seedText(seed)): "
        text += "key \"\(PreferenceValueGenerator.escaped(key))\" "
        text += detail ?? "wrote \(show(written)), read \(show(read))"
        let differences = PreferenceValueGenerator.differences(written, read)
        if detail == nil, differences.count > 1 || differences.first?.path.isEmpty == false {
            text += "; differences: "
            text += differences.map { "at \($0.path) \(show($0.written)) became \(show($0.read))" }.joined(
                separator: ", ")
        }
        text +=
            "; minimal failing value: key \"\(PreferenceValueGenerator.escaped(minimal.key))\" = \(show(minimal.value))"
        return text + "; replay with PREFS_TEST_SEED=\(PreferenceValueGenerator.seedText(seed))"
    }
}
