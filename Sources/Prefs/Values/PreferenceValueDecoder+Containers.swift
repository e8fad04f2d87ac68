/// A keyed container of ``PreferenceValueDecoder``: reads the members of a dictionary.
struct PreferenceKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: PreferenceValue]
    let decoder: PreferenceValueDecoding

    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The members that `Key` can name, in a stable (sorted) order.
    var allKeys: [Key] { members.keys.sorted().compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    /// True exactly when the member is missing: the tree holds no null.
    func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue] == nil }

    /// The member named `key`, or `keyNotFound`.
    private func member(_ key: any CodingKey) throws -> PreferenceValue {
        guard let member = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No member \"\(key.stringValue)\" at \(codingPath.codingPathDescription)."
                )
            )
        }
        return member
    }

    /// Reads a scalar member.
    private func scalar<T: PreferenceStorable>(_ type: T.Type, forKey key: Key) throws -> T {
        try PreferenceValueDecoding.scalar(type, from: member(key), at: codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(type, from: member(key), at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try superDecoder(forCodingKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try superDecoder(forCodingKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(forCodingKey: PreferenceCodingKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(forCodingKey: key)
    }

    /// A decoder for the member `key`, or `keyNotFound`.
    private func superDecoder(forCodingKey key: any CodingKey) throws -> PreferenceValueDecoding {
        decoder.decoder(for: try member(key), at: codingPath + [key])
    }
}

/// An unkeyed container of ``PreferenceValueDecoder``: reads the elements of an array in order.
struct PreferenceUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [PreferenceValue]
    let decoder: PreferenceValueDecoding
    private(set) var currentIndex = 0

    init(elements: [PreferenceValue], decoder: PreferenceValueDecoding) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The coding path of the current element.
    private var currentCodingPath: [any CodingKey] { codingPath + [PreferenceCodingKey(index: currentIndex)] }

    /// The current element, or `valueNotFound` at the end.
    private func current(_ type: Any.Type) throws -> PreferenceValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: currentCodingPath,
                    debugDescription: "No element left in the array at \(codingPath.codingPathDescription)."
                )
            )
        }
        return elements[currentIndex]
    }

    /// Decodes the current element and moves past it; a failure leaves the container where it was.
    private mutating func next<T>(_ type: T.Type, _ read: (PreferenceValue, [any CodingKey]) throws -> T) throws -> T {
        let result = try read(current(type), currentCodingPath)
        currentIndex += 1
        return result
    }

    /// Scalar elements use the conversion rules of their ``PreferenceStorable`` conformance.
    private mutating func scalar<T: PreferenceStorable>(_ type: T.Type) throws -> T {
        try next(type) { try PreferenceValueDecoding.scalar(type, from: $0, at: $1) }
    }

    /// False before the end (the tree holds no null); `valueNotFound` at the end.
    mutating func decodeNil() throws -> Bool {
        _ = try current(Never?.self)
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = self.decoder
        return try next(type) { try decoder.unbox(type, from: $0, at: $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let decoder = self.decoder
        return try next(KeyedDecodingContainer<NestedKey>.self) {
            try decoder.decoder(for: $0, at: $1).container(keyedBy: type)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let decoder = self.decoder
        return try next((any UnkeyedDecodingContainer).self) { try decoder.decoder(for: $0, at: $1).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = self.decoder
        return try next((any Decoder).self) { decoder.decoder(for: $0, at: $1) }
    }
}
