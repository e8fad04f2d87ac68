extension Preferences {
    /// Returns the stored form of a key's current value: what a read of the key returns (an
    /// override, the stored value or the default), for tools that handle keys of any type.
    ///
    /// ```swift
    /// for key in [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)] {
    ///     print(key.name, prefs.currentValue(of: key).map(String.init(describing:)) ?? "nil")
    /// }
    /// ```
    ///
    /// - Parameter key: The key.
    /// - Returns: The value in its stored form; nil for an optional key that reads nil.
    public func currentValue(of key: AnyPreferenceKey) -> PreferenceValue? {
        key.typed.currentValue(in: self)
    }

    /// Says where a key's current value comes from: an override layer, a store, or the default.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value's source, as ``source(of:)`` gives it for a key path.
    public func source(of key: AnyPreferenceKey) -> PreferenceSource {
        key.typed.source(in: self)
    }

    /// Writes a key from the stored form of a value, after checking that it is a valid value of the
    /// key's type, and waits until its store has accepted it.
    ///
    /// ```swift
    /// let theme = AnyPreferenceKey(\.theme)
    /// try prefs.set(try theme.storedValue(parsing: "dark"), for: theme)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The stored form of the new value.
    ///   - key: The key.
    /// - Throws: ``PreferenceValueError`` when `value` is not a valid value of the key (nothing is
    ///   written then), or what ``set(_:_:)`` throws.
    public func set(_ value: PreferenceValue, for key: AnyPreferenceKey) throws {
        try key.typed.set(value, in: self)
    }

    /// Removes the stored value of a key, so that reads return its default again.
    ///
    /// - Parameter key: The key.
    public func reset(_ key: AnyPreferenceKey) {
        key.typed.reset(in: self)
    }
}
