internal import Prefs

/// A notification of the triggers, read: `{"version", "at", "namespace", "key"}` with `"value"` or `"removed"` when
/// the value fits, without them when it does not, only `"version"` and `"at"` when the key does not either; or
/// `{"version": 0, "resync": true}` when the namespace's rows changed without versions (a `TRUNCATE`, a dropped
/// namespace).
struct ChangeNotification: Sendable {
    /// The version the change gave its key.
    var version: Int64
    /// The change's time in the database, in microseconds since 1970 (schema 4 and later).
    var changedAt: Int64?
    /// The namespace, when the notification names it.
    var namespace: String?
    /// The key and its new value (nil: removed), when the notification carries them.
    var change: (key: String, value: PreferenceValue?)?
    /// Whether the instance must read the namespace's state (its rows changed without versions).
    var asksForResync = false

    /// The notification in `payload`; nil when it is not one of the triggers'.
    init?(parsing payload: String) {
        guard case .dictionary(let members) = try? PreferenceJSON.value(parsing: payload),
            case .integer(let version) = members["version"]
        else { return nil }
        self.version = version
        if case .integer(let at) = members["at"] { changedAt = at }
        if case .string(let namespace) = members["namespace"] { self.namespace = namespace }
        asksForResync = members["resync"] == .bool(true)
        if case .string(let key) = members["key"] {
            if let value = members["value"] {
                change = (key, value)
            } else if members["removed"] == .bool(true) {
                change = (key, nil)
            }
        }
    }
}
