import Foundation
package import Prefs
package import PrefsTesting
package import Testing

/// Defects of issue 14 that other branches are fixing: a generated failure they explain is recorded as a known
/// issue (intermittent: a run's values may not meet them), anything else as a failure.
package enum KnownDefect: CaseIterable, Sendable {
    /// Issue 14 item 2 (branch file-exact): dates come back a unit in the last place off, or cut to the microsecond.
    case inexactDates
    /// Issue 14 item 1 (the lead): NaN is not equal to itself, so an equal write of NaN wakes observers again and a
    /// fresh read of a stored NaN never returns.
    case nanIsNotEqualToItself

    package var comment: Comment {
        switch self {
        case .inexactDates: "issue 14 item 2 (branch file-exact): dates are not exact"
        case .nanIsNotEqualToItself: "issue 14 item 1 (lead): NaN is not equal to itself (re-wakes, endless read)"
        }
    }

    /// Whether this defect explains a generated failure.
    package func explains(_ failure: GeneratedFailure) -> Bool {
        switch self {
        case .inexactDates:
            guard failure.written != nil, failure.involves(\.isDate) else { return false }
            let differences = PreferenceValueGenerator.differences(failure.written, failure.read, limit: 10_000)
            return !differences.isEmpty && differences.allSatisfy { Self.isNearDate($0.written, $0.read) }
        case .nanIsNotEqualToItself:
            return failure.involves(\.isNaN) && ["equal write", "observer", "fresh read"].contains(failure.check)
        }
    }

    /// Whether two values are dates at most a microsecond apart.
    static func isNearDate(_ written: PreferenceValue?, _ read: PreferenceValue?) -> Bool {
        guard case .date(let a) = written, case .date(let b) = read else { return false }
        return abs(a.timeIntervalSinceReferenceDate - b.timeIntervalSinceReferenceDate) <= 1e-6
    }
}

/// Records each generated failure: as a known issue when a ``KnownDefect`` explains it, otherwise as a failure.
package func recordGenerated(
    _ failures: [GeneratedFailure],
    expecting defects: [KnownDefect] = KnownDefect.allCases,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for failure in failures {
        if let defect = defects.first(where: { $0.explains(failure) }) {
            withKnownIssue(defect.comment, isIntermittent: true, sourceLocation: sourceLocation) {
                Issue.record("\(failure)", sourceLocation: sourceLocation)
            }
        } else {
            let unexplained = PreferenceValueGenerator.differences(failure.written, failure.read, limit: 10_000)
                .filter { !KnownDefect.isNearDate($0.written, $0.read) }.prefix(3)
                .map { "at \($0.path): \(PreferenceValueGenerator.exactDescription(of: $0.written)) became \(PreferenceValueGenerator.exactDescription(of: $0.read))" }
            let suffix = unexplained.isEmpty ? "" : "\nnot explained by a known defect: " + unexplained.joined(separator: "; ")
            Issue.record("\(failure)\(suffix)", sourceLocation: sourceLocation)
        }
    }
}

/// Runs the conformance suite and records its generated failures through ``recordGenerated(_:expecting:sourceLocation:)``:
/// the fixed checks, the generated store round trips with `profile`, and the generated container round trips with
/// `profile` less what a known defect makes hang (see ``KnownDefect/safe(_:sourceLocation:)``).
package func checkConformance(
    makeStore: () throws -> any PreferenceStore,
    reopen: ((any PreferenceStore) throws -> any PreferenceStore)? = nil,
    profile: PreferenceValueGenerator.Profile = .everything,
    cases: Int = PreferenceValueGenerator.caseCount(500),
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    do {
        try PreferenceStoreConformance.check(makeStore: makeStore, reopen: reopen, generatedCases: 0)
    } catch let failure as PreferenceStoreConformance.Failure {
        for problem in failure.problems { Issue.record("\(problem)", sourceLocation: sourceLocation) }
    }
    let seed = PreferenceValueGenerator.environmentSeed
    let stores = try PreferenceStoreConformance.generatedRoundTrips(
        makeStore(), reopen: reopen, profile: profile, seed: seed, cases: cases)
    let containers = try PreferenceStoreConformance.generatedContainerRoundTrips(
        makeStore(), reopen: reopen, profile: KnownDefect.safe(profile, sourceLocation: sourceLocation), seed: seed,
        cases: max(1, cases / 5))
    recordGenerated(stores.failures + containers.failures, sourceLocation: sourceLocation)
    print(
        "PrefsTesting: \(stores.cases) generated store cases and \(containers.cases) container cases, "
            + "seed \(PreferenceValueGenerator.seedText(seed))")
}

extension PreferenceValue {
    package var isDate: Bool { if case .date = self { true } else { false } }
    package var isNaN: Bool { if case .double(let double) = self { double.isNaN } else { false } }
}

extension PreferenceKeys {
    fileprivate var nanProbe: Key<Double> { Key("nan-probe", default: 0) }
}

extension KnownDefect {
    /// Whether NaN is still not equal to itself in the container, told without the read that would hang: a second
    /// write of NaN wakes the key's observer again. Generated checks that read NaN in a fresh container leave NaN
    /// out while this holds (the read would spin forever), and record the known issue instead.
    package static let nanReadsHang: Bool = {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        let calls = Lock(0)
        let token = prefs.observe(\.nanProbe) { _ in calls.withLock { $0 += 1 } }
        defer { token.cancel() }
        prefs[\.nanProbe] = .nan
        prefs[\.nanProbe] = .nan
        return calls.withLock { $0 } > 1
    }()

    /// A profile without NaN while ``nanReadsHang``, recording that as a known issue; `profile` itself otherwise.
    package static func safe(
        _ profile: PreferenceValueGenerator.Profile,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> PreferenceValueGenerator.Profile {
        guard nanReadsHang else { return profile }
        withKnownIssue(KnownDefect.nanIsNotEqualToItself.comment, sourceLocation: sourceLocation) {
            Issue.record("NaN is left out of the generated values: a fresh read of it would never return")
        }
        var safe = profile
        safe.allowsNaN = false
        return safe
    }
}
