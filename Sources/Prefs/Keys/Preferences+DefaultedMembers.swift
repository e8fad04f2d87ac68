extension Preferences {
    /// Returns the members of a key's stored object (or of the override that shadows it) that read the default's value,
    /// because they are missing or do not decode, as the store holds it now; empty when the stored value reads as it is, when nothing is stored, and for a key that does not
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
        let typed = TypedKey(keyPath)
        let key = typed.key
        guard key.decodesMemberByMember,
            let visible = overrideValue(for: typed)?.value
                ?? (try? store(key.storeID, for: key.name).value(forKey: keyPrefix + key.name))
        else { return [] }
        return (try? key.decodeReportingDefaultedMembers(visible))?.defaulted ?? []
    }
}
