/// How Prefs words a failure in a log message when the key's value is secret: by the error's type only, because
/// an error's description may quote the value (`expected Int, found "…"`).
enum SecretRedaction {
    /// What stands in for a secret value in Prefs' own messages and tools.
    static let placeholder = "<secret>"

    /// The error as a log message may show it.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - isSecret: Whether the value concerned is secret.
    /// - Returns: The error's description, or for a secret only its type and a note that the details are hidden.
    static func text(of error: any Error, isSecret: Bool) -> String {
        isSecret ? "\(type(of: error)); details not shown: the value is secret" : "\(error)"
    }
}
