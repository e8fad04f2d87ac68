/// Why a ``UserDefaultsPreferenceStore`` could not write.
public enum UserDefaultsPreferenceStoreError: Error, CustomStringConvertible {
    /// `synchronize()` failed: the property list could not be written (Linux), or the defaults
    /// system refused the change.
    case synchronizeFailed(suiteName: String?)

    static func synchronizeFailed(_ domain: UserDefaultsDomain?) -> Self {
        .synchronizeFailed(suiteName: domain?.suiteName)
    }

    /// A sentence naming the suite.
    public var description: String {
        switch self {
        case .synchronizeFailed(let suiteName):
            "UserDefaults could not save \(suiteName.map { "suite '\($0)'" } ?? "the standard defaults")"
        }
    }
}
