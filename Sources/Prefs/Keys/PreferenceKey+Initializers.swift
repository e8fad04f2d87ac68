extension PreferenceKeys.Key where Value: PreferenceStorable {
    /// Creates a key for a storable value.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: The value returned while nothing valid is stored.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    @inlinable  // specialized in the caller, its conversions capture no type metadata: no allocation per key
    public init(
        _ name: String, default defaultValue: Value, store: PreferenceStoreID = .default, formerNames: [String] = [],
        description: String? = nil, isSecret: Bool = false
    ) {
        self.init(
            name, default: defaultValue, store: store, codec: .storable, formerNames: formerNames,
            description: description, isSecret: isSecret)
    }
}

extension PreferenceKeys.Key where Value: RawRepresentable, Value.RawValue: PreferenceStorable {
    /// Creates a key for a `RawRepresentable` value, stored as its raw value.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: The value returned while nothing valid is stored.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init(
        _ name: String, default defaultValue: Value, store: PreferenceStoreID = .default, formerNames: [String] = [],
        description: String? = nil, isSecret: Bool = false
    ) {
        self.init(
            name, default: defaultValue, store: store, codec: .rawValue, formerNames: formerNames,
            description: description, isSecret: isSecret)
    }
}

extension PreferenceKeys.Key where Value: RawRepresentable & PreferenceStorable, Value.RawValue: PreferenceStorable {
    /// Creates a key for a value that is both `RawRepresentable` and ``PreferenceStorable``; its
    /// ``PreferenceStorable`` conformance decides how it is stored.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: The value returned while nothing valid is stored.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init(
        _ name: String, default defaultValue: Value, store: PreferenceStoreID = .default, formerNames: [String] = [],
        description: String? = nil, isSecret: Bool = false
    ) {
        self.init(
            name, default: defaultValue, store: store, codec: .storable, formerNames: formerNames,
            description: description, isSecret: isSecret)
    }
}

extension PreferenceKeys.Key {
    /// Creates an optional key that defaults to nil; setting it to nil removes the stored value.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init<Wrapped: PreferenceStorable>(
        _ name: String, store: PreferenceStoreID = .default, formerNames: [String] = [], description: String? = nil,
        isSecret: Bool = false
    )
    where Value == Wrapped? {
        self.init(
            name, store: store, codec: PreferenceCodec<Wrapped>.storable, formerNames: formerNames,
            description: description, isSecret: isSecret)
    }

    /// Creates an optional `RawRepresentable` key that defaults to nil.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init<Wrapped: RawRepresentable>(
        _ name: String, store: PreferenceStoreID = .default, formerNames: [String] = [], description: String? = nil,
        isSecret: Bool = false
    )
    where Value == Wrapped?, Wrapped.RawValue: PreferenceStorable {
        self.init(
            name, store: store, codec: PreferenceCodec<Wrapped>.rawValue, formerNames: formerNames,
            description: description, isSecret: isSecret)
    }

    /// Creates an optional key for a type that is both `RawRepresentable` and ``PreferenceStorable``.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init<Wrapped: RawRepresentable & PreferenceStorable>(
        _ name: String, store: PreferenceStoreID = .default, formerNames: [String] = [], description: String? = nil,
        isSecret: Bool = false
    )
    where Value == Wrapped?, Wrapped.RawValue: PreferenceStorable {
        self.init(
            name, store: store, codec: PreferenceCodec<Wrapped>.storable, formerNames: formerNames,
            description: description, isSecret: isSecret)
    }
}

/// The default of an optional key written out: `nil`, the only default an optional key can have.
///
/// It exists so that `Key("nickname", default: nil)` compiles, exactly like `Key("nickname")`; any other default
/// on an optional key is a compile-time error. You never create one yourself.
public struct PreferenceNilDefault: ExpressibleByNilLiteral, Sendable {
    /// Creates the nil default.
    ///
    /// - Parameter nilLiteral: The `nil` literal.
    public init(nilLiteral: ()) {}
}

extension PreferenceKeys.Key {
    /// Creates an optional key with its default written out as `nil`; the same as `Key(name)`.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: `nil`.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init<Wrapped: PreferenceStorable>(
        _ name: String, default defaultValue: PreferenceNilDefault, store: PreferenceStoreID = .default,
        formerNames: [String] = [], description: String? = nil, isSecret: Bool = false
    ) where Value == Wrapped? {
        self.init(name, store: store, formerNames: formerNames, description: description, isSecret: isSecret)
    }

    /// Creates an optional `RawRepresentable` key with its default written out as `nil`; the same as `Key(name)`.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: `nil`.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init<Wrapped: RawRepresentable>(
        _ name: String, default defaultValue: PreferenceNilDefault, store: PreferenceStoreID = .default,
        formerNames: [String] = [], description: String? = nil, isSecret: Bool = false
    ) where Value == Wrapped?, Wrapped.RawValue: PreferenceStorable {
        self.init(name, store: store, formerNames: formerNames, description: description, isSecret: isSecret)
    }

    /// Creates an optional key of a `RawRepresentable` and ``PreferenceStorable`` type with its default written
    /// out as `nil`; the same as `Key(name)`.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: `nil`.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init<Wrapped: RawRepresentable & PreferenceStorable>(
        _ name: String, default defaultValue: PreferenceNilDefault, store: PreferenceStoreID = .default,
        formerNames: [String] = [], description: String? = nil, isSecret: Bool = false
    ) where Value == Wrapped?, Wrapped.RawValue: PreferenceStorable {
        self.init(name, store: store, formerNames: formerNames, description: description, isSecret: isSecret)
    }

    /// Creates an optional key with a custom codec and its default written out as `nil`; the same as
    /// `Key(name, codec: codec)`.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: `nil`.
    ///   - store: The store that holds the key.
    ///   - codec: How non-nil values are converted to and from their stored form.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    public init<Wrapped>(
        _ name: String, default defaultValue: PreferenceNilDefault, store: PreferenceStoreID = .default,
        codec: PreferenceCodec<Wrapped>, formerNames: [String] = [], description: String? = nil, isSecret: Bool = false
    ) where Value == Wrapped? {
        self.init(
            name, store: store, codec: codec, formerNames: formerNames, description: description, isSecret: isSecret)
    }

    /// Not available: an optional key defaults to nil. Declare it as `Key("name")`.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: Not allowed for optional keys.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
    ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
    @available(
        *, unavailable,
        message: "an optional key always defaults to nil: declare it without a default, as Key(\"name\")"
    )
    public init<Wrapped>(
        _ name: String, default defaultValue: Wrapped, store: PreferenceStoreID = .default, formerNames: [String] = [],
        description: String? = nil, isSecret: Bool = false
    ) where Value == Wrapped? {
        fatalError("unreachable: this initializer is unavailable")
    }
}
