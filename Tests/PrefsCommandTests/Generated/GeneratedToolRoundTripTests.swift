import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// `prefs set --type json` and `prefs get --json`, as child processes, keep generated values and key names exactly.
@Suite struct GeneratedToolRoundTripTests {
    @Test func setThenGetGivesBackEveryGeneratedValue() async throws {
        let seed = PreferenceValueGenerator.environmentSeed
        // Arguments are C strings: no NUL. Short values keep the child processes quick.
        var profile = PreferenceValueGenerator.Profile.withoutNUL
        profile.maximumStringLength = 2_048
        profile.maximumDataLength = 4_096
        profile.maximumKeyLength = 256
        let cases = PreferenceValueGenerator.caseCount(25)
        let failures = try await onOwnThread { [profile] in
            var generator = PreferenceValueGenerator(seed: seed, profile: profile)
            let directory = try TemporaryDirectory()
            let file = directory.file().path
            var failures: [GeneratedFailure] = []
            for index in 0..<cases {
                let (key, value) = (generator.key(), generator.value())
                let text = PreferenceJSON.text(of: value, pretty: false)
                let set = try ToolProcess.run("prefs", ["set", "--type", "json", "--file", file, "--", key, text])
                let get = try ToolProcess.run("prefs", ["get", "--json", "--file", file, "--", key])
                let read = try? PreferenceJSON.value(parsing: get.output)
                let stored = try FilePreferenceStore(url: URL(fileURLWithPath: file), watchesForChanges: false).value(
                    forKey: key)
                if set.status != 0 || get.status != 0 {
                    failures.append(
                        GeneratedFailure(
                            seed: seed, caseIndex: index, check: "prefs set/get", key: key, written: value, read: read,
                            detail:
                                "exited \(set.status) and \(get.status): \(set.error.prefix(300)) \(get.error.prefix(300))"
                        )
                    )
                } else if !PreferenceValueGenerator.isSameStoredValue(value, stored) {
                    failures.append(
                        GeneratedFailure(
                            seed: seed, caseIndex: index, check: "prefs set", key: key, written: value, read: stored))
                } else if !PreferenceValueGenerator.isSameStoredValue(value, read) {
                    failures.append(
                        GeneratedFailure(
                            seed: seed, caseIndex: index, check: "prefs get --json", key: key, written: value,
                            read: read))
                }
            }
            return failures
        }
        recordGenerated(failures)
        print("generated prefs set/get round trips: \(cases) values, seed \(PreferenceValueGenerator.seedText(seed))")
    }
}
