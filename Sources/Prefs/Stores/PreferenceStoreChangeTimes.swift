package import Foundation

/// A store that knows when each key last changed: `prefs doctor` and `PrefsCommand doctor` show it beside keys that
/// no code declares. `package`: PrefsPostgres' store, whose history records every change, conforms.
package protocol PreferenceStoreChangeTimes {
    /// When each of `keys` last changed, for those whose time is known.
    ///
    /// - Parameter keys: The stored names.
    /// - Returns: The time of each key's last recorded change.
    func lastChangeTimes(of keys: [String]) -> [String: Date]
}
