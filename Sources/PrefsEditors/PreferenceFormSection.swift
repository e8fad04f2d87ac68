public import Prefs

/// A group of keys on a generated settings screen: the keys whose names share the part before the first `.`
/// (`network.timeout` and `network.retries` are in `network`), or `General` for names without one; in the order the
/// keys were given.
public struct PreferenceFormSection: Sendable {
    /// The section's title.
    public let title: String
    /// Its keys, in the order given.
    public let keys: [AnyPreferenceKey]

    /// The sections of `keys`, in the order their first keys come.
    ///
    /// - Parameter keys: The declared keys.
    /// - Returns: The sections.
    public static func sections(of keys: [AnyPreferenceKey]) -> [PreferenceFormSection] {
        var titles: [String] = []
        var members: [String: [AnyPreferenceKey]] = [:]
        for key in keys {
            let title = key.name.firstIndex(of: ".").map { String(key.name[..<$0]) } ?? "General"
            if members[title] == nil { titles.append(title) }
            members[title, default: []].append(key)
        }
        return titles.map { PreferenceFormSection(title: $0, keys: members[$0]!) }
    }
}
