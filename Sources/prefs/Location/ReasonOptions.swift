internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand

/// `--reason TEXT` (or `PREFS_REASON` in the environment, for scripts): why a change to a PostgreSQL namespace is
/// made, recorded beside it in the history.
struct ReasonOptions: ParsableArguments {
    /// The environment variable that gives the reason when `--reason` does not.
    static let environmentVariable = "PREFS_REASON"

    @Option(
        help: ArgumentHelp(
            "Why the change is made (an incident number, \"rollback of bad rollout\"): recorded in the history of a "
                + "PostgreSQL namespace, shown by `prefs history`. Default: $PREFS_REASON.",
            valueName: "text"))
    var reason: String?

    func validate() throws {
        if let reason, reason.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--reason takes a text: why the change is made.")
        }
    }

    /// The reason for a write to `location`: `--reason`, else `PREFS_REASON`; nil for none.
    ///
    /// - Throws: ``PrefsFailure`` with the usage exit code for `--reason` with a file or domain, which keep no
    ///   history (`PREFS_REASON` is ignored there, so that one script can edit both).
    func reason(for location: LocationOptions) throws -> PreferenceWriteReason? {
        if let reason {
            guard location.postgres != nil else {
                throw PrefsFailure(
                    .usage, "--reason is recorded in the history of a PostgreSQL namespace only (--postgres URL)")
            }
            return PreferenceWriteReason(reason)
        }
        guard location.postgres != nil,
            let text = ProcessInfo.processInfo.environment[Self.environmentVariable],
            !text.trimmingCharacters(in: .whitespaces).isEmpty
        else { return nil }
        return PreferenceWriteReason(text)
    }

}
