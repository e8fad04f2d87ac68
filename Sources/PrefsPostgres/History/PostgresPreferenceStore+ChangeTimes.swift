package import Foundation
internal import Prefs

extension PostgresPreferenceStore: PreferenceStoreChangeTimes {
    /// When each key last changed, from the namespace's history (a key whose changes were all pruned has no time).
    ///
    /// - Parameter keys: The stored names.
    /// - Returns: The time of each key's newest recorded change.
    package func lastChangeTimes(of keys: [String]) -> [String: Date] {
        var times: [String: Date] = [:]
        for key in keys {
            if let newest = try? history(of: key, limit: 1).last { times[key] = newest.time }
        }
        return times
    }
}
