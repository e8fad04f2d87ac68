import Foundation
package import Prefs
package import PrefsTesting
package import Testing

/// Defects of issue 14 that other branches are fixing: a generated failure they explain is recorded as a known
/// issue (intermittent: a run's values may not meet them), anything else as a failure.
package enum KnownDefect: CaseIterable, Sendable {
    /// Issue 14 item 2 (branch file-exact): dates come back a unit in the last place off, or cut to the microsecond.
    case inexactDates

    package var comment: Comment {
        switch self {
        case .inexactDates: "issue 14 item 2 (branch file-exact): dates are not exact"
        }
    }

    /// Whether this defect explains a generated failure.
    package func explains(_ failure: GeneratedFailure) -> Bool {
        switch self {
        case .inexactDates:
            guard failure.written != nil, failure.involves(\.isDate) else { return false }
            let differences = PreferenceValueGenerator.differences(failure.written, failure.read, limit: 10_000)
            guard differences.allSatisfy({ Self.isNearDate($0.written, $0.read) }) else { return false }
            // An inexact date read back after a write is also an outside change (UserDefaults on Linux reads the
            // stored form back): observers are woken again, with the inexact value or, later, the exact one.
            return !differences.isEmpty || ["equal write", "observer"].contains(failure.check)
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
    var known: [KnownDefect: Int] = [:]
    for failure in failures {
        if let defect = defects.first(where: { $0.explains(failure) }) {
            // The first few in full, then one line for the rest: a known defect need not fill the log.
            known[defect, default: 0] += 1
            guard known[defect]! <= 3 else { continue }
            withKnownIssue(defect.comment, isIntermittent: true, sourceLocation: sourceLocation) {
                Issue.record("\(failure)", sourceLocation: sourceLocation)
            }
        } else {
            let unexplained = PreferenceValueGenerator.differences(failure.written, failure.read, limit: 10_000)
                .filter { !KnownDefect.isNearDate($0.written, $0.read) }.prefix(3)
                .map {
                    "at \($0.path): \(PreferenceValueGenerator.exactDescription(of: $0.written)) became \(PreferenceValueGenerator.exactDescription(of: $0.read))"
                }
            let suffix =
                unexplained.isEmpty ? "" : "\nnot explained by a known defect: " + unexplained.joined(separator: "; ")
            Issue.record("\(failure)\(suffix)", sourceLocation: sourceLocation)
        }
    }
    for (defect, count) in known where count > 3 {
        withKnownIssue(defect.comment, isIntermittent: true, sourceLocation: sourceLocation) {
            Issue.record(
                "and \(count - 3) more generated failures of the same known defect", sourceLocation: sourceLocation)
        }
    }
}

/// Runs the conformance suite and records its generated failures through ``recordGenerated(_:expecting:sourceLocation:)``:
/// the fixed checks, then the generated store and container round trips with `profile`.
package func checkConformance(
    makeStore: @escaping () throws -> any PreferenceStore,
    reopen: ((any PreferenceStore) throws -> any PreferenceStore)? = nil,
    profile: PreferenceValueGenerator.Profile = .everything,
    cases: Int = PreferenceValueGenerator.caseCount(500),
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let seed = PreferenceValueGenerator.environmentSeed
    let (problems, stores, containers) = try await onOwnThread {
        var problems: [String] = []
        do {
            try PreferenceStoreConformance.check(makeStore: makeStore, reopen: reopen, generatedCases: 0)
        } catch let failure as PreferenceStoreConformance.Failure {
            problems = failure.problems
        }
        let stores = try PreferenceStoreConformance.generatedRoundTrips(
            makeStore(), reopen: reopen, profile: profile, seed: seed, cases: cases)
        let containers = try PreferenceStoreConformance.generatedContainerRoundTrips(
            makeStore(), reopen: reopen, profile: profile, seed: seed, cases: max(1, cases / 5))
        return (problems, stores, containers)
    }
    for problem in problems { Issue.record("\(problem)", sourceLocation: sourceLocation) }
    recordGenerated(stores.failures + containers.failures, sourceLocation: sourceLocation)
    print(
        "PrefsTesting: \(stores.cases) generated store cases and \(containers.cases) container cases, "
            + "seed \(PreferenceValueGenerator.seedText(seed))")
}

extension PreferenceValue {
    package var isDate: Bool { if case .date = self { true } else { false } }
}
