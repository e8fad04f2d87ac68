extension Preferences {
    /// Registers an observer of a key's values and returns the key's current value, read under the
    /// same lock as the registration, so that no change slips between the two: the observer is
    /// called with each new value after it. The building block of the Combine publishers.
    ///
    /// - Parameters:
    ///   - keyPath: The key.
    ///   - onChange: Called with each new value, by the rules of ``observe(_:_:)``.
    /// - Returns: The current value, and a token that ends the observation.
    package func observeValues<Value>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ onChange: @escaping @Sendable (Value) -> Void
    ) -> (current: Value, token: PreferenceObservationToken) {
        let (token, current) = addValueObserver(keyPath) { _, new in onChange(new) }
        return (current.decoded(reportingTo: logger).value.value(as: Value.self), token)
    }
}
