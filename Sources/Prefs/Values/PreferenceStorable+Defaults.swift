extension PreferenceStorable where Self: RawRepresentable, RawValue: PreferenceStorable {
    /// Reads the stored raw value; an unknown raw value is an ``PreferenceValueError/invalidValue(expected:found:)``.
    public init(preferenceValue: PreferenceValue) throws {
        try self.init(rawPreferenceValue: preferenceValue)
    }
    /// Stores the raw value.
    public func preferenceValue() throws -> PreferenceValue { try rawValue.preferenceValue() }
}

extension PreferenceStorable where Self: Codable {
    /// Decodes the value from its stored tree.
    public init(preferenceValue: PreferenceValue) throws {
        self = try PreferenceValueDecoder().decode(Self.self, from: preferenceValue)
    }
    /// Encodes the value as a structured tree of dictionaries and arrays.
    public func preferenceValue() throws -> PreferenceValue { try PreferenceValueEncoder().encode(self) }
}

extension PreferenceStorable where Self: RawRepresentable & Codable, RawValue: PreferenceStorable {
    /// Reads the stored raw value (a type that is both `RawRepresentable` and `Codable` is stored as its raw value).
    public init(preferenceValue: PreferenceValue) throws {
        try self.init(rawPreferenceValue: preferenceValue)
    }
    /// Stores the raw value.
    public func preferenceValue() throws -> PreferenceValue { try rawValue.preferenceValue() }
}

extension RawRepresentable where RawValue: PreferenceStorable {
    /// Reads a stored raw value and checks that it names a value of this type.
    init(rawPreferenceValue: PreferenceValue) throws {
        let raw = try RawValue(preferenceValue: rawPreferenceValue)
        guard let value = Self(rawValue: raw) else {
            throw PreferenceValueError.invalidValue(expected: "\(Self.self)", found: rawPreferenceValue)
        }
        self = value
    }
}
