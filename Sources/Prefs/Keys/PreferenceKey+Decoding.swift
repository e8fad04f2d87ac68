internal import Logging

extension PreferenceKeys.Key {
    /// Turns a stored value into the key's value: the one decoding of the container. Nothing stored is the
    /// default; a stored value that is not valid is the default too, and is reported to `logger` (never thrown). For
    /// a key that ``decodesMemberByMember``, the members that read the default's are reported too.
    ///
    /// - Parameters:
    ///   - stored: The stored value, or nil.
    ///   - logger: Where an invalid value is reported; nil reports nothing.
    ///   - storedName: The name to report it under.
    /// - Returns: The value, and whether the default stands in for an invalid stored value.
    func decode(
        _ stored: PreferenceValue?,
        reportingTo logger: Logger? = nil,
        as storedName: @autoclosure () -> String = ""
    ) -> (value: Value, usedDefault: Bool) {
        guard let stored else { return (defaultValue, false) }
        do {
            let (value, defaulted) = try decodeReportingDefaultedMembers(stored)
            if !defaulted.isEmpty, let logger {
                let list = defaulted.map(\.description).joined(separator: ", ")
                logger.log(
                    level: defaulted.contains { $0.reason == .invalid } ? .warning : .notice,
                    """
                    Prefs: the value stored under '\(storedName())' is read member by member: \(list) \
                    \(defaulted.count == 1 ? "takes its" : "take their") default; the other members are kept, the \
                    stored data is left untouched
                    """
                )
            }
            return (value, false)
        } catch {
            logger?.warning(
                """
                Prefs: the value stored under '\(storedName())' is not a valid \(Value.self) (\(SecretRedaction.text(of: error, isSecret: isSecret))); \
                reading the default, the stored data is left untouched
                """
            )
            return (defaultValue, true)
        }
    }
}
