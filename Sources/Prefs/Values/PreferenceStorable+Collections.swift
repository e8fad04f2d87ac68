extension Array: PreferenceStorable where Element: PreferenceStorable {
    /// Reads a stored ``PreferenceValue/array(_:)`` whose every element is a valid `Element`.
    public init(preferenceValue: PreferenceValue) throws {
        guard case .array(let elements) = preferenceValue else {
            throw PreferenceValueError.typeMismatch(expected: "\(Self.self)", found: preferenceValue)
        }
        self = try elements.map(Element.init(preferenceValue:))
    }
    /// Stores the elements as ``PreferenceValue/array(_:)``.
    public func preferenceValue() throws -> PreferenceValue {
        .array(try map { try $0.preferenceValue() })
    }
}

extension Dictionary: PreferenceStorable where Key == String, Value: PreferenceStorable {
    /// Reads a stored ``PreferenceValue/dictionary(_:)`` whose every member is a valid `Value`.
    public init(preferenceValue: PreferenceValue) throws {
        guard case .dictionary(let members) = preferenceValue else {
            throw PreferenceValueError.typeMismatch(expected: "\(Self.self)", found: preferenceValue)
        }
        self = try members.mapValues(Value.init(preferenceValue:))
    }
    /// Stores the members as ``PreferenceValue/dictionary(_:)``.
    public func preferenceValue() throws -> PreferenceValue {
        .dictionary(try mapValues { try $0.preferenceValue() })
    }
}

extension PreferenceValue: PreferenceStorable {
    /// Keeps the stored value as it is: a key of type `PreferenceValue` reads the raw tree.
    public init(preferenceValue: PreferenceValue) { self = preferenceValue }
    /// Stores the value as it is.
    public func preferenceValue() -> PreferenceValue { self }
}
