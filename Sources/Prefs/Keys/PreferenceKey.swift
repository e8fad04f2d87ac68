extension PreferenceKeys {
    /// A declared preference: its stored name, its default value, the store that holds it and how
    /// its values are stored.
    ///
    /// Declare keys as computed properties of ``PreferenceKeys``:
    ///
    /// ```swift
    /// extension PreferenceKeys {
    ///     var theme: Key<Theme> { Key("theme", default: .system) }            // RawRepresentable
    ///     var window: Key<Frame> { Key("window", default: .zero) }            // Codable & PreferenceStorable
    ///     var lastOpened: Key<Date?> { Key("last_opened") }                   // optional: defaults to nil
    ///     var token: Key<String> { Key("token", default: "", store: .appGroup) }
    /// }
    /// ```
    ///
    /// A container evaluates a key's property once, the first time the key is used, and keeps it.
    public struct Key<Value: Sendable>: Sendable {
        // The fields of a fixed size come first, the default value last: code that does not know `Value` reads
        // them at fixed offsets, without looking up the key's type metadata.

        /// The name under which the value is stored (before the container's key prefix).
        public let name: String
        /// The store that holds this key.
        public let storeID: PreferenceStoreID
        /// What the key says about itself (its description, whether it is secret, its former names); nil when it says
        /// nothing. Held apart from the fields a read uses, behind one reference, so that it costs reads nothing.
        @usableFromInline let notes: PreferenceKeyNotes?
        /// Tells apart keys of one name, store and type that read differently: 0 for a declared key (declared once), a
        /// number per default for the keys of ``Persistence`` properties (two of one name may differ in default), and
        /// a bit for a key read member by member.
        @usableFromInline let variant: UInt
        /// Turns a value into its stored form; nil removes the stored value (optional keys set to nil).
        @usableFromInline let encodeValue: @Sendable (Value) throws -> PreferenceValue?
        /// Turns a stored value back into a value as it is (with upgrades from older types).
        @usableFromInline let decodeExactly: @Sendable (PreferenceValue) throws -> Value
        /// The value that reads return while nothing (or nothing valid) is stored.
        public let defaultValue: Value

        /// Creates a key whose values are stored with a custom codec.
        ///
        /// Use this to keep an existing storage format, for example a `Codable` value that older
        /// versions stored as a JSON string:
        ///
        /// ```swift
        /// var legacyFrame: Key<Frame> { Key("frame", default: .zero, codec: .jsonString) }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The stored name.
        ///   - defaultValue: The value returned while nothing valid is stored.
        ///   - store: The store that holds the key.
        ///   - codec: How values are converted to and from their stored form.
        ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
        ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
        ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
        @inlinable
        public init(
            _ name: String,
            default defaultValue: Value,
            store: PreferenceStoreID = .default,
            codec: PreferenceCodec<Value>,
            formerNames: [String] = [], description: String? = nil, isSecret: Bool = false
        ) {
            // A key that notes nothing makes no notes, inline: where its getter is inlined into a read, the
            // optimizer then drops every field the read does not use.
            let notes =
                description == nil && !isSecret && formerNames.isEmpty
                ? nil : PreferenceKeyNotes.make(description: description, isSecret: isSecret, formerNames: formerNames)
            self.init(
                name: name, defaultValue: defaultValue, storeID: store, notes: notes, encode: codec.encode,
                decode: codec.decode)
        }

        /// Creates an optional key, stored with a custom codec, that defaults to nil.
        ///
        /// - Parameters:
        ///   - name: The stored name.
        ///   - store: The store that holds the key.
        ///   - codec: How non-nil values are converted to and from their stored form.
        ///   - formerNames: Names the key was stored under before; a value found there moves to `name`.
        ///   - description: What the key is for, in a sentence for people: tools show it, the JSON Schema carries it.
        ///   - isSecret: Whether the value is a secret (a token, a password): logs, tools and exports never show it.
        public init<Wrapped>(
            _ name: String,
            store: PreferenceStoreID = .default,
            codec: PreferenceCodec<Wrapped>,
            formerNames: [String] = [], description: String? = nil, isSecret: Bool = false
        ) where Value == Wrapped? {
            self.init(
                name: name, defaultValue: nil, storeID: store, formerNames: formerNames,
                notes: .make(description: description, isSecret: isSecret),
                encode: { try $0.map(codec.encode) }, decode: { try codec.decode($0) }
            )
        }

        @usableFromInline
        init(
            name: String,
            defaultValue: Value,
            storeID: PreferenceStoreID,
            formerNames: [String],
            notes: PreferenceKeyNotes?,
            encode: @escaping @Sendable (Value) throws -> PreferenceValue?,
            decode: @escaping @Sendable (PreferenceValue) throws -> Value,
            variant: UInt = 0
        ) {
            self.init(
                name: name, defaultValue: defaultValue, storeID: storeID,
                notes: PreferenceKeyNotes.with(formerNames, in: notes), encode: encode, decode: decode,
                variant: variant)
        }

        /// Creates a key from its fields.
        @inlinable
        init(
            name: String,
            defaultValue: Value,
            storeID: PreferenceStoreID,
            notes: PreferenceKeyNotes?,
            encode: @escaping @Sendable (Value) throws -> PreferenceValue?,
            decode: @escaping @Sendable (PreferenceValue) throws -> Value,
            variant: UInt = 0
        ) {
            self.name = name
            self.storeID = storeID
            self.notes = notes
            self.variant = variant
            self.encodeValue = encode
            self.decodeExactly = decode
            self.defaultValue = defaultValue
        }
    }
}
