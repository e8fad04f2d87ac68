/// One change of a key's value, as an observer registered with ``Preferences/observe(_:_:)`` sees it.
public struct PreferenceChange<Value: Sendable>: Sendable {
    /// The value before the change.
    public let oldValue: Value
    /// The value after the change.
    public let newValue: Value

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - oldValue: The value before the change.
    ///   - newValue: The value after the change.
    public init(oldValue: Value, newValue: Value) {
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

extension PreferenceChange: Equatable where Value: Equatable {}
