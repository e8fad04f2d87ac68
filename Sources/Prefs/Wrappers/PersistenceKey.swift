/// The key behind a ``Persistence`` property: a name, a default and a codec, made into a key of
/// ``PreferenceKeys`` so that the property uses the container like any declared key.
///
/// Two properties with the same name, type and default are the same key (one cached decoded
/// value); with different defaults they are two keys (two variants) over the same stored value, as
/// two `@AppStorage` properties of the same name are.
struct PersistenceKey<Value: Sendable>: Hashable, Sendable {
    let name: String
    let defaultValue: Value
    let encode: @Sendable (Value) throws -> PreferenceValue?
    let decode: @Sendable (PreferenceValue) throws -> Value
    /// The default's stored form: with the name, what tells keys apart.
    private let storedDefault: PreferenceValue?

    init(
        _ name: String,
        default defaultValue: Value,
        encode: @escaping @Sendable (Value) throws -> PreferenceValue?,
        decode: @escaping @Sendable (PreferenceValue) throws -> Value
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.encode = encode
        self.decode = decode
        self.storedDefault = try? encode(defaultValue)
    }

    /// A key for a non-optional value stored with a codec.
    init(_ name: String, default defaultValue: Value, codec: PreferenceCodec<Value>) {
        self.init(name, default: defaultValue, encode: codec.encode, decode: codec.decode)
    }

    /// A key for an optional value, nil by default; nil removes the stored value.
    init<Wrapped>(_ name: String, codec: PreferenceCodec<Wrapped>) where Value == Wrapped? {
        self.init(name, default: nil, encode: { try $0.map(codec.encode) }, decode: { try codec.decode($0) })
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.storedDefault == rhs.storedDefault
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(storedDefault)
    }
}

extension PersistenceKey {
    /// The key of a ``Persistence`` property: its variant is numbered by name, type and default.
    var key: PreferenceKeys.Key<Value> {
        let variant = PersistenceVariant(name: name, type: ObjectIdentifier(Value.self), storedDefault: storedDefault)
        return PreferenceKeys.Key(
            name: name, defaultValue: defaultValue, storeID: .default, formerNames: [], notes: nil, encode: encode,
            decode: decode, variant: variant.number)
    }
}

/// What tells the keys of ``Persistence`` properties of one name apart: their type and default.
private struct PersistenceVariant: Hashable {
    let name: String
    let type: ObjectIdentifier
    let storedDefault: PreferenceValue?

    /// The numbers given so far, from 1 (0 is a declared key's).
    private static let numbers = Lock<[PersistenceVariant: UInt]>([:])

    /// This variant's number, the same for the process's life.
    var number: UInt {
        Self.numbers.withLock { numbers in
            if let number = numbers[self] { return number }
            let number = UInt(numbers.count + 1)
            numbers[self] = number
            return number
        }
    }
}
