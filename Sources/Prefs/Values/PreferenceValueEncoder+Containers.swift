/// A keyed container of ``PreferenceValueEncoder``: its members become a dictionary.
struct PreferenceKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: PreferenceKeyedEncodingBox
    let state: PreferenceEncodingState
    let codingPath: [any CodingKey]

    /// Sets a finished scalar member.
    private func set(_ value: PreferenceValue, forKey key: Key) {
        box.set(.value(value), forKey: key.stringValue)
    }

    /// Leaves the member out: the tree holds no null.
    mutating func encodeNil(forKey key: Key) throws {
        box.set(nil, forKey: key.stringValue)
    }

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
        let node = try state.node(for: value, at: codingPath + [key], allowsNil: true)
        box.set(node, forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested: PreferenceKeyedEncodingBox
        if case .keyed(let existing) = box.pending[key.stringValue] {
            nested = existing
        } else {
            nested = PreferenceKeyedEncodingBox()
            box.set(.keyed(nested), forKey: key.stringValue)
        }
        return KeyedEncodingContainer(
            PreferenceKeyedEncodingContainer<NestedKey>(box: nested, state: state, codingPath: codingPath + [key])
        )
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: PreferenceUnkeyedEncodingBox
        if case .unkeyed(let existing) = box.pending[key.stringValue] {
            nested = existing
        } else {
            nested = PreferenceUnkeyedEncodingBox()
            box.set(.unkeyed(nested), forKey: key.stringValue)
        }
        return PreferenceUnkeyedEncodingContainer(box: nested, state: state, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(forCodingKey: PreferenceCodingKey.superKey)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(forCodingKey: key)
    }

    /// An encoder whose value becomes the member `key` once encoding finishes.
    private func superEncoder(forCodingKey key: any CodingKey) -> any Encoder {
        let encoder = PreferenceValueEncoding(codingPath: codingPath + [key], state: state, allowsNil: true)
        box.set(.encoder(encoder), forKey: key.stringValue)
        return encoder
    }
}

/// An unkeyed container of ``PreferenceValueEncoder``: its elements become an array.
struct PreferenceUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let box: PreferenceUnkeyedEncodingBox
    let state: PreferenceEncodingState
    let codingPath: [any CodingKey]

    var count: Int { box.elements.count }

    /// The coding path of the next element.
    private var nextCodingPath: [any CodingKey] { codingPath + [PreferenceCodingKey(index: count)] }

    /// Appends a finished scalar element.
    private func append(_ value: PreferenceValue) {
        box.elements.append(.value(value))
    }

    /// Throws: an array in the tree cannot hold nil.
    mutating func encodeNil() throws {
        throw PreferenceEncodingState.nilError(at: nextCodingPath)
    }

    mutating func encode(_ value: Bool) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: String) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: Double) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: Float) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: Int) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: Int8) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: Int16) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: Int32) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: Int64) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: UInt) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: UInt8) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: UInt16) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: UInt32) throws { append(value.preferenceValue()) }
    mutating func encode(_ value: UInt64) throws { append(value.preferenceValue()) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let node = try state.node(for: value, at: nextCodingPath, allowsNil: false)
        box.elements.append(node)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = PreferenceKeyedEncodingBox()
        let path = nextCodingPath
        box.elements.append(.keyed(nested))
        return KeyedEncodingContainer(
            PreferenceKeyedEncodingContainer<NestedKey>(box: nested, state: state, codingPath: path)
        )
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = PreferenceUnkeyedEncodingBox()
        let path = nextCodingPath
        box.elements.append(.unkeyed(nested))
        return PreferenceUnkeyedEncodingContainer(box: nested, state: state, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = PreferenceValueEncoding(codingPath: nextCodingPath, state: state, allowsNil: false)
        box.elements.append(.encoder(encoder))
        return encoder
    }
}
