import Foundation
public import Prefs

/// Makes a failing generated value as small as it can while it still fails, so that a failure
/// reports `{"a": NaN}` rather than a tree of forty members.
///
/// ```swift
/// let minimal = PreferenceValueShrinker.shrink(value) { candidate in try !roundTrips(candidate) }
/// ```
///
/// It tries simpler candidates greedily (an empty container, one element, half of a string, zero),
/// keeps the first one that still fails, and starts again from it, within a bounded number of attempts.
public enum PreferenceValueShrinker {
    /// The smallest value found that still fails.
    ///
    /// - Parameters:
    ///   - value: A value that fails.
    ///   - maximumAttempts: How many candidates to try at most.
    ///   - fails: Whether a candidate still fails; an error is a different problem, not this failure.
    /// - Returns: The smallest failing value found (`value` itself when nothing simpler fails).
    public static func shrink(
        _ value: PreferenceValue,
        maximumAttempts: Int = 300,
        fails: (PreferenceValue) throws -> Bool
    ) -> PreferenceValue {
        minimize(value, maximumAttempts: maximumAttempts, candidates: candidates(of:), fails: fails)
    }

    /// The shortest string found that still fails (for key names).
    ///
    /// - Parameters:
    ///   - string: A string that fails.
    ///   - maximumAttempts: How many candidates to try at most.
    ///   - fails: Whether a candidate still fails; an error is a different problem, not this failure.
    /// - Returns: The shortest failing string found.
    public static func shrink(
        _ string: String,
        maximumAttempts: Int = 200,
        fails: (String) throws -> Bool
    ) -> String {
        minimize(string, maximumAttempts: maximumAttempts, candidates: candidates(of:), fails: fails)
    }

    private static func minimize<Value>(
        _ value: Value,
        maximumAttempts: Int,
        candidates: (Value) -> [Value],
        fails: (Value) throws -> Bool
    ) -> Value {
        var current = value
        var attempts = 0
        var improved = true
        while improved && attempts < maximumAttempts {
            improved = false
            for candidate in candidates(current) {
                attempts += 1
                if (try? fails(candidate)) ?? false {
                    current = candidate
                    improved = true
                    break
                }
                if attempts >= maximumAttempts { break }
            }
        }
        return current
    }

    /// Simpler values than `value`, simplest first.
    static func candidates(of value: PreferenceValue) -> [PreferenceValue] {
        switch value {
        case .bool, .unsignedInteger: return []
        case .integer(let integer): return integer == 0 ? [] : [.integer(0)]
        case .double(let double):
            return [0.0, 1.0].filter { $0.bitPattern != double.bitPattern && !double.isNaN }.map(PreferenceValue.double)
        case .string(let string): return candidates(of: string).map(PreferenceValue.string)
        case .data(let data):
            return data.isEmpty
                ? [] : [.data(Data()), .data(data.prefix(data.count / 2)), .data(data.suffix(data.count / 2))]
        case .date(let date):
            let interval = date.timeIntervalSinceReferenceDate
            var simpler: [PreferenceValue] = []
            if interval != 0 { simpler.append(.date(Date(timeIntervalSinceReferenceDate: 0))) }
            if interval.rounded(.towardZero) != interval {
                simpler.append(.date(Date(timeIntervalSinceReferenceDate: interval.rounded(.towardZero))))
            }
            return simpler
        case .array(let elements):
            guard !elements.isEmpty else { return [] }
            var simpler: [PreferenceValue] = [.array([])] + elements
            if elements.count > 1 {
                simpler += [
                    .array(Array(elements.prefix(elements.count / 2))),
                    .array(Array(elements.dropFirst(elements.count / 2))),
                ]
                simpler += elements.indices.map { index in
                    .array(elements.enumerated().filter { $0.offset != index }.map(\.element))
                }
            }
            for (index, element) in elements.enumerated() {
                for smaller in candidates(of: element) {
                    var changed = elements
                    changed[index] = smaller
                    simpler.append(.array(changed))
                }
            }
            return simpler
        case .dictionary(let members):
            guard !members.isEmpty else { return [] }
            let names = members.keys.sorted()
            var simpler: [PreferenceValue] = [.dictionary([:])] + names.map { members[$0]! }
            if members.count > 1 {
                simpler += names.map { .dictionary([$0: members[$0]!]) }
                simpler += names.map { name in .dictionary(members.filter { $0.key != name }) }
            }
            for name in names {
                for smaller in candidates(of: members[name]!) {
                    var changed = members
                    changed[name] = smaller
                    simpler.append(.dictionary(changed))
                }
                for shorter in candidates(of: name) where members[shorter] == nil {
                    var renamed = members
                    renamed[shorter] = renamed.removeValue(forKey: name)
                    simpler.append(.dictionary(renamed))
                }
            }
            return simpler
        }
    }

    /// Shorter strings than `string`, shortest first.
    static func candidates(of string: String) -> [String] {
        let scalars = Array(string.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        func text(_ slice: some Sequence<Unicode.Scalar>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: slice)
            return String(view)
        }
        var simpler = [""]
        if scalars.count > 1 {
            simpler += [text(scalars.prefix(scalars.count / 2)), text(scalars.dropFirst(scalars.count / 2))]
            if scalars.count <= 64 {
                simpler += scalars.map { text([$0]) }
                simpler += scalars.indices.map { index in
                    text(scalars.enumerated().filter { $0.offset != index }.map(\.element))
                }
            }
        }
        return simpler
    }
}
