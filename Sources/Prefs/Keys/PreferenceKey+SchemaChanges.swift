extension PreferenceKeys.Key {
    /// Turns a stored value back into a value, as reads do: a stored tree missing members the type now requires
    /// (the type gained a field) is completed from the default value's tree and decoded again. The stored data is
    /// not changed; the completed value is what reads return. The default is encoded only then, not with every key.
    func decodeValue(_ stored: PreferenceValue) throws -> Value {
        do {
            return try decodeExactly(stored)
        } catch DecodingError.keyNotFound(let key, let context) {
            guard case .some(.some(.dictionary(let defaults))) = try? encodeValue(defaultValue) else {
                throw DecodingError.keyNotFound(key, context)
            }
            let completed = stored.fillingMissingMembers(from: .dictionary(defaults))
            guard completed != stored else { throw DecodingError.keyNotFound(key, context) }
            return try decodeExactly(completed)
        }
    }

    /// Returns a key that also reads values stored in an older form: when the stored value does not
    /// decode as `Value`, it is decoded as `Old` and converted with `upgrade`.
    ///
    /// ```swift
    /// var window: Key<Frame> {
    ///     Key("window", default: .zero).upgrading(from: OldFrame.self) { Frame(origin: $0.origin, size: $0.size) }
    /// }
    /// ```
    ///
    /// The stored data is left as it is until the app writes the key, which stores the new form. The
    /// older type is tried before missing members are filled in from the default value.
    ///
    /// - Parameters:
    ///   - oldType: The type values were stored as before.
    ///   - upgrade: Converts an old value; throw to treat it as invalid (the key then reads its default).
    /// - Returns: The key, able to read both forms.
    public func upgrading<Old: PreferenceStorable>(
        from oldType: Old.Type,
        _ upgrade: @escaping @Sendable (Old) throws -> Value
    ) -> Self {
        let decodeCurrent = decodeExactly
        return Self(
            name: name, defaultValue: defaultValue, storeID: storeID, formerNames: formerNames, notes: notes,
            encode: encodeValue,
            decode: { stored in
                do {
                    return try decodeCurrent(stored)
                } catch {
                    guard let old = try? Old(preferenceValue: stored) else { throw error }
                    return try upgrade(old)
                }
            },
            variant: variant
        )
    }
}

extension PreferenceValue {
    /// This tree with every dictionary member that `defaults` has and this tree lacks added, recursively.
    func fillingMissingMembers(from defaults: PreferenceValue) -> PreferenceValue {
        guard case .dictionary(var members) = self, case .dictionary(let defaultMembers) = defaults else { return self }
        for (key, defaultMember) in defaultMembers {
            members[key] = members[key].map { $0.fillingMissingMembers(from: defaultMember) } ?? defaultMember
        }
        return .dictionary(members)
    }
}
