extension PreferenceKeys.Key where Value: PreferenceStorable {
    /// Creates a key for a storable value.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: The value returned while nothing valid is stored.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    public init(
        _ name: String, default defaultValue: Value, store: PreferenceStoreID = .default, formerNames: [String] = []
    ) {
        self.init(name, default: defaultValue, store: store, codec: .storable, formerNames: formerNames)
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
    public init(
        _ name: String, default defaultValue: Value, store: PreferenceStoreID = .default, formerNames: [String] = []
    ) {
        self.init(name, default: defaultValue, store: store, codec: .rawValue, formerNames: formerNames)
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
    public init(
        _ name: String, default defaultValue: Value, store: PreferenceStoreID = .default, formerNames: [String] = []
    ) {
        self.init(name, default: defaultValue, store: store, codec: .storable, formerNames: formerNames)
    }
}

extension PreferenceKeys.Key {
    /// Creates an optional key that defaults to nil; setting it to nil removes the stored value.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    public init<Wrapped: PreferenceStorable>(
        _ name: String, store: PreferenceStoreID = .default, formerNames: [String] = []
    )
    where Value == Wrapped? {
        self.init(name, store: store, codec: PreferenceCodec<Wrapped>.storable, formerNames: formerNames)
    }

    /// Creates an optional `RawRepresentable` key that defaults to nil.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    public init<Wrapped: RawRepresentable>(
        _ name: String, store: PreferenceStoreID = .default, formerNames: [String] = []
    )
    where Value == Wrapped?, Wrapped.RawValue: PreferenceStorable {
        self.init(name, store: store, codec: PreferenceCodec<Wrapped>.rawValue, formerNames: formerNames)
    }

    /// Creates an optional key for a type that is both `RawRepresentable` and ``PreferenceStorable``.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    public init<Wrapped: RawRepresentable & PreferenceStorable>(
        _ name: String, store: PreferenceStoreID = .default, formerNames: [String] = []
    )
    where Value == Wrapped?, Wrapped.RawValue: PreferenceStorable {
        self.init(name, store: store, codec: PreferenceCodec<Wrapped>.storable, formerNames: formerNames)
    }
}

/// Marks the one kind of value that cannot have a default: an optional, which always defaults to nil.
///
/// Only `Optional` conforms, and its conformance is unavailable, so that declaring an optional key
/// with a default fails to compile with a message that says what to write instead.
public protocol _OptionalKeyHasNoDefault {}

@available(
    *, unavailable, message: "an optional key always defaults to nil: declare it without a default, as Key(\"name\")"
)
extension Optional: _OptionalKeyHasNoDefault {}

extension PreferenceKeys.Key where Value: _OptionalKeyHasNoDefault {
    /// Not available: an optional key defaults to nil. Declare it as `Key("name")`.
    ///
    /// - Parameters:
    ///   - name: The stored name.
    ///   - defaultValue: Not allowed for optional keys.
    ///   - store: The store that holds the key.
    ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
    public init(
        _ name: String, default defaultValue: Value, store: PreferenceStoreID = .default, formerNames: [String] = []
    ) {
        fatalError("unreachable: Optional's conformance to _OptionalKeyHasNoDefault is unavailable")
    }
}
