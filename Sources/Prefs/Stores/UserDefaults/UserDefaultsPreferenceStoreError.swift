/// Why a ``UserDefaultsPreferenceStore`` could not write.
public enum UserDefaultsPreferenceStoreError: Error, CustomStringConvertible {
    /// `synchronize()` failed: the property list could not be written (Linux), or the defaults
    /// system refused the change.
    case synchronizeFailed(suiteName: String?)
    /// A key or member name that the platform's property list would not keep: on Linux, one that starts with
    /// U+FEFF, which Foundation drops when it reads the file back. Nothing was written.
    case unstorableName(String, suiteName: String?)

    static func synchronizeFailed(_ domain: UserDefaultsDomain?) -> Self {
        .synchronizeFailed(suiteName: domain?.suiteName)
    }

    /// A sentence naming the suite.
    public var description: String {
        switch self {
        case .synchronizeFailed(let suiteName):
            "UserDefaults could not save \(suiteName.map { "suite '\($0)'" } ?? "the standard defaults")"
        case .unstorableName(let name, let suiteName):
            "UserDefaults cannot keep the name '\(name.unicodeScalars.map { $0.value == 0xFEFF ? "\\u{FEFF}" : String($0) }.joined())' in "
                + "\(suiteName.map { "suite '\($0)'" } ?? "the standard defaults"): Foundation on Linux drops a "
                + "byte-order mark (U+FEFF) at the start of a name when it reads the file back; nothing was written"
        }
    }
}
