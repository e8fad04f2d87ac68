extension Preferences {
    /// Returns the members of a key's stored object that read the default's value, because they are missing or do
    /// not decode; empty when the stored value reads as it is, when nothing is stored, and for a key that does not
    /// decode member by member (see ``PreferenceKeys/Key/decodingMemberByMember()``).
    ///
    /// ```swift
    /// let layout = prefs[\.layout]
    /// if !prefs.defaultedMembers(of: \.layout).isEmpty { offerToResetTheLayout() }
    /// ```
    ///
    /// - Parameter keyPath: The key.
    /// - Returns: The defaulted members, in the order of their paths.
    public func defaultedMembers<Value>(
        of keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>
    ) -> [PreferenceDefaultedMember] {
        let binding = resolve(keyPath)
        guard binding.key.decodesMemberByMember,
            let stored = state.withLock({ _ in binding.entry.visibleValue })
        else { return [] }
        return (try? binding.key.decodeReportingDefaultedMembers(stored))?.defaulted ?? []
    }
}
