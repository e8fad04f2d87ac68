extension PreferenceKeys.Key {
    /// Returns a key whose stored object, when it does not decode as it is, is read member by member over the
    /// default's members: a member that is missing or does not decode takes the default's value, and every other
    /// member keeps what the user saved.
    ///
    /// ```swift
    /// struct Inspector: Codable, Sendable { var width = 200.0 }
    ///
    /// struct Layout: Codable, Sendable, PreferenceStorable {
    ///     var sidebarWidth = 240.0
    ///     var inspector = Inspector()      // gained in version 2
    ///     var zoom = 1.0                   // a String in version 1
    /// }
    ///
    /// extension PreferenceKeys {
    ///     var layout: Key<Layout> { Key("layout", default: Layout()).decodingMemberByMember() }
    /// }
    /// ```
    ///
    /// Without it, one member that no longer decodes (its type changed, a hand edit broke it) makes the whole value
    /// read as the default, and every other member the user saved is lost from view. With it, a stored
    /// `{"sidebarWidth": 300.0, "zoom": "large"}` reads as `Layout(sidebarWidth: 300, inspector: Inspector(),
    /// zoom: 1)`: `inspector` is missing and `zoom` is not a `Double`, so both take the default's values.
    ///
    /// - A stored object that decodes as it is reads exactly as stored (an optional member it leaves out stays nil).
    /// - Otherwise the default's tree is the base and the stored members are laid over it one at a time, in the
    ///   order of their names; a member whose stored form makes the value fail to decode is left at the default's,
    ///   and a nested object is tried member by member in the same way. Arrays are members as a whole.
    /// - Which members read their default is logged (at notice level when they are only missing, at warning level
    ///   when one does not decode) and can be asked for with ``Preferences/defaultedMembers(of:)``; `prefs doctor`
    ///   lists them.
    /// - The stored data is left as it is until the app writes the key, which stores the value as read.
    /// - Writes are checked as strictly as for any key: `PrefsCommand set`, ``Preferences/set(_:for:)`` and
    ///   imports refuse an object with a member that does not decode.
    ///
    /// - Returns: The key, reading stored objects member by member.
    public func decodingMemberByMember() -> Self {
        Self(
            name: name, defaultValue: defaultValue, storeID: storeID, formerNames: formerNames,
            notes: .make(description: description, isSecret: isSecret, decodesMemberByMember: true),
            encode: encodeValue, decode: decodeExactly, variant: variant | Self.memberByMemberVariant
        )
    }

    /// The bit of ``variant`` that tells a key read member by member from the same key read whole: they read one
    /// stored value differently, so a container binds them apart.
    static var memberByMemberVariant: UInt { 1 << (UInt.bitWidth - 1) }

    /// Decodes a stored value as reads do, with the members of it that read the default's value: none unless the key
    /// ``decodesMemberByMember`` and the stored object does not decode as it is.
    ///
    /// - Parameter stored: The stored value.
    /// - Returns: The value, and the members that read the default's.
    /// - Throws: The decoding error when the value does not read at all.
    func decodeReportingDefaultedMembers(
        _ stored: PreferenceValue
    ) throws -> (value: Value, defaulted: [PreferenceDefaultedMember]) {
        guard decodesMemberByMember else { return (try decodeValue(stored), []) }
        do {
            return (try decodeExactly(stored), [])
        } catch {
            guard case .some(.some(let defaultTree)) = try? encodeValue(defaultValue),
                let result = MemberByMemberDecoding.decode(stored, over: defaultTree, with: decodeExactly)
            else { throw error }
            return result
        }
    }
}
