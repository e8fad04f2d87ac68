extension PreferenceKeys.Key {
    /// Whether two values of this key are the same, by the one definition every part of Prefs uses: their stored
    /// forms are equal as ``PreferenceValue``s (NaN is the same as NaN, `-0.0` is not `0.0`, dates bit for bit).
    ///
    /// A value the codec cannot encode is compared with `==` when its type is `Equatable`, and is otherwise a change.
    func isSameValue(_ lhs: Value, _ rhs: Value) -> Bool {
        do {
            return try encodeValue(lhs) == encodeValue(rhs)
        } catch {
            guard let lhs = lhs as? any Equatable else { return false }
            return lhs.isEqual(to: rhs)
        }
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
