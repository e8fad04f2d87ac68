/// A keyed container of ``PreferenceValueEncoder``: its members become a dictionary, kept by its encoder.
struct PreferenceKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: PreferenceValueEncoding

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Sets a finished member.
    private func set(_ value: PreferenceValue?, forKey key: Key) {
        encoder.setMember(value, forKey: key.stringValue)
    }

    /// Leaves the member out: the tree holds no null.
    mutating func encodeNil(forKey key: Key) throws { set(nil, forKey: key) }

    mutating func encode(_ value: Bool, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(value.preferenceValue(), forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encoder.encoded(value, at: codingPath + [key], allowsNil: true), forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.member(key, reusing: .keyed).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.member(key, reusing: .unkeyed).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.member(PreferenceCodingKey.superKey, reusing: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.member(key, reusing: nil)
    }
}

/// An unkeyed container of ``PreferenceValueEncoder``: its elements become an array, kept by its encoder.
struct PreferenceUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: PreferenceValueEncoding

    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int { encoder.elementCount }

    /// The coding path of the next element.
    private var nextCodingPath: [any CodingKey] { codingPath + [PreferenceCodingKey(index: count)] }

    /// Throws: an array in the tree cannot hold nil.
    mutating func encodeNil() throws {
        throw PreferenceValueEncoding.nilError(at: nextCodingPath)
    }

    mutating func encode(_ value: Bool) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: String) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: Double) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: Float) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: Int) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: Int8) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: Int16) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: Int32) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: Int64) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: UInt) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: UInt8) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: UInt16) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: UInt32) throws { encoder.append(value.preferenceValue()) }
    mutating func encode(_ value: UInt64) throws { encoder.append(value.preferenceValue()) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.append(try encoder.encoded(value, at: nextCodingPath, allowsNil: false) ?? [:])  // nil throws
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.appendElement(at: nextCodingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.appendElement(at: nextCodingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.appendElement(at: nextCodingPath)
    }
}
