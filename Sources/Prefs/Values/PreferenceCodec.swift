internal import Foundation

/// How one key's values are turned into their stored form and back.
///
/// Every key has a codec; the standard ones are chosen for you by the key's type. Give a key a
/// custom codec to keep an existing storage format or to store a type you cannot make
/// ``PreferenceStorable``:
///
/// ```swift
/// let celsius = PreferenceCodec<Measurement<UnitTemperature>>(
///     encode: { .double($0.converted(to: .celsius).value) },
///     decode: { Measurement(value: try Double(preferenceValue: $0), unit: .celsius) }
/// )
/// ```
public struct PreferenceCodec<Value: Sendable>: Sendable {
    @usableFromInline let encode: @Sendable (Value) throws -> PreferenceValue
    @usableFromInline let decode: @Sendable (PreferenceValue) throws -> Value

    /// Creates a codec from two conversions.
    ///
    /// - Parameters:
    ///   - encode: Turns a value into its stored form.
    ///   - decode: Turns a stored value back into a value; throw when it is not valid, and the key
    ///     reads its default while the stored data is left untouched.
    @inlinable
    public init(
        encode: @escaping @Sendable (Value) throws -> PreferenceValue,
        decode: @escaping @Sendable (PreferenceValue) throws -> Value
    ) {
        self.encode = encode
        self.decode = decode
    }
}

extension PreferenceCodec where Value: PreferenceStorable {
    /// Stores the value through its ``PreferenceStorable`` conformance.
    @inlinable
    public static var storable: Self {
        Self(encode: { try $0.preferenceValue() }, decode: { try Value(preferenceValue: $0) })
    }
}

extension PreferenceCodec where Value: RawRepresentable, Value.RawValue: PreferenceStorable {
    /// Stores the value as its raw value; an unknown raw value reads as the key's default.
    public static var rawValue: Self {
        Self(encode: { try $0.rawValue.preferenceValue() }, decode: { try Value(rawPreferenceValue: $0) })
    }
}

extension PreferenceCodec where Value: Codable {
    /// Stores the value as a JSON string, the format other libraries (and older app versions) often used.
    public static var jsonString: Self {
        Self(
            encode: { value in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                return .string(String(decoding: try encoder.encode(value), as: UTF8.self))
            },
            decode: { stored in
                guard case .string(let json) = stored else {
                    throw PreferenceValueError.typeMismatch(expected: "JSON string", found: stored)
                }
                return try JSONDecoder().decode(Value.self, from: Data(json.utf8))
            }
        )
    }
}
