import Foundation
package import Prefs
package import PrefsTesting
package import Testing

/// Records each generated failure as a test failure, with the first differences it found.
package func recordGenerated(_ failures: [GeneratedFailure], sourceLocation: SourceLocation = #_sourceLocation) {
    for failure in failures {
        let differences = PreferenceValueGenerator.differences(failure.written, failure.read, limit: 3).map {
            "at \($0.path): \(PreferenceValueGenerator.exactDescription(of: $0.written)) became "
                + PreferenceValueGenerator.exactDescription(of: $0.read)
        }
        let suffix = differences.isEmpty ? "" : "\n" + differences.joined(separator: "; ")
        Issue.record("\(failure)\(suffix)", sourceLocation: sourceLocation)
    }
}

/// Runs the conformance suite and records its generated failures through ``recordGenerated(_:sourceLocation:)``:
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
