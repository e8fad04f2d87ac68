/// Decodes a stored object member by member over a default's tree (see
/// ``PreferenceKeys/Key/decodingMemberByMember()``): the default's tree is the base, each stored member is laid over
/// it in the order of the names, and kept when the value still decodes; a nested object that fails as a whole is
/// tried member by member.
enum MemberByMemberDecoding {
    /// Decodes `stored` over `defaults`.
    ///
    /// - Parameters:
    ///   - stored: The stored value.
    ///   - defaults: The stored form of the key's default.
    ///   - decode: The key's exact decoding.
    /// - Returns: The value and the members that read the default's, in the order of their paths; nil when `stored`
    ///   or `defaults` is not an object, or the default itself does not decode.
    static func decode<Value>(
        _ stored: PreferenceValue,
        over defaults: PreferenceValue,
        with decode: (PreferenceValue) throws -> Value
    ) -> (value: Value, defaulted: [PreferenceDefaultedMember])? {
        guard case .dictionary(let storedMembers) = stored, case .dictionary(let defaultMembers) = defaults,
            var value = try? decode(defaults)
        else { return nil }
        var accepted = defaults
        var invalid: [PreferenceDefaultedMember] = []

        func layOver(_ members: [String: PreferenceValue], at path: [String], defaults: [String: PreferenceValue]?) {
            for name in members.keys.sorted() {
                let memberPath = path + [name]
                let storedMember = members[name]!
                let defaultMember = defaults?[name]
                let candidate = accepted.setting(
                    defaultMember.map { storedMember.fillingMissingMembers(from: $0) } ?? storedMember, at: memberPath)
                if let decoded = try? decode(candidate) {
                    (accepted, value) = (candidate, decoded)
                } else if case .dictionary(let nested) = storedMember,
                    case .dictionary(let nestedDefaults)? =
                        defaultMember
                {
                    layOver(nested, at: memberPath, defaults: nestedDefaults)
                } else {
                    invalid.append(PreferenceDefaultedMember(path: memberPath, reason: .invalid))
                }
            }
        }
        layOver(storedMembers, at: [], defaults: defaultMembers)
        let defaulted = (invalid + missingMembers(of: storedMembers, in: defaultMembers, at: []))
            .sorted { $0.path.lexicographicallyPrecedes($1.path) }
        return (value, defaulted)
    }

    /// The members `defaults` has and `stored` lacks, in every object both have at the same place.
    private static func missingMembers(
        of stored: [String: PreferenceValue], in defaults: [String: PreferenceValue], at path: [String]
    ) -> [PreferenceDefaultedMember] {
        defaults.flatMap { name, defaultMember -> [PreferenceDefaultedMember] in
            guard let storedMember = stored[name] else {
                return [PreferenceDefaultedMember(path: path + [name], reason: .missing)]
            }
            guard case .dictionary(let nested) = storedMember, case .dictionary(let nestedDefaults) = defaultMember
            else { return [] }
            return missingMembers(of: nested, in: nestedDefaults, at: path + [name])
        }
    }
}

extension PreferenceValue {
    /// This tree with the member at `path` set to `member`; every object on the way must exist.
    func setting(_ member: PreferenceValue, at path: some Collection<String>) -> PreferenceValue {
        guard let name = path.first else { return member }
        guard case .dictionary(var members) = self else { return self }
        members[name] = (members[name] ?? .dictionary([:])).setting(member, at: path.dropFirst())
        return .dictionary(members)
    }
}
