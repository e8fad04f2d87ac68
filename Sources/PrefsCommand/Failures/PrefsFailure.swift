internal import Foundation
internal import Prefs

/// A failure the tools report: a sentence for standard error and a documented exit code.
package struct PrefsFailure: Error, CustomStringConvertible {
    /// The exit code.
    package let exitCode: PrefsExitCode
    /// What went wrong, naming the key, value or file.
    package let message: String

    /// A failure with a message.
    package init(_ exitCode: PrefsExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    /// Classifies any error thrown while running a command.
    package init(_ error: any Error) {
        switch error {
        case let failure as PrefsFailure:
            self = failure
        case let convertible as any PrefsFailureConvertible:
            self = convertible.prefsFailure
        case let error as FilePreferenceStoreError where error.operation == .lock && error.reason.hasPrefix("another"):
            self.init(.inaccessibleFile, "\(error.path) is locked: \(error.reason); nothing was written")
        case let error as FilePreferenceStoreError:
            self.init(.inaccessibleFile, "\(error); nothing was written")
        case let error as PreferenceWriteError:
            self.init(PrefsFailure(error.underlying).exitCode, "\(error); nothing was written")
        case let error as PreferenceValueError:
            self.init(.invalidValue, "\(error)")
        case let error as PreferenceImportError:
            self.init(.invalidValue, "\(error)")
        default:
            self.init(.inaccessibleFile, "\(error)")
        }
    }

    /// The message.
    package var description: String { message }

    /// A key that is not declared (or not in the file), with the ones that are.
    package static func unknownKey(_ name: String, known: [String], in place: String) -> PrefsFailure {
        let list = known.isEmpty ? "there are none" : known.joined(separator: ", ")
        return PrefsFailure(.unknownKey, "no key '\(name)' \(place); the keys are: \(list)")
    }
}

/// An error of another module that knows its exit code and message in the tools' terms.
package protocol PrefsFailureConvertible: Error {
    /// The failure to report.
    var prefsFailure: PrefsFailure { get }
}
