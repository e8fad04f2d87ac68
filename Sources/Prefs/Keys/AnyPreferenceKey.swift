/// A declared key with its type erased: what tools that handle many keys at once need to know
/// (its name, store, type, default, valid values) and to do (parse text, check a stored value).
///
/// ```swift
/// let keys = [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)]
/// try prefs.validateOverrides(of: keys)
/// ```
public struct AnyPreferenceKey: Sendable {
    /// The key path it was made from.
    public let keyPath: any PartialKeyPath<PreferenceKeys> & Sendable
    /// The stored name (before the container's prefix).
    public let name: String
    /// The store that holds the key.
    public let storeID: PreferenceStoreID
    /// The name of the value's type, such as `Int`, `Theme` or `Optional<Date>`.
    public let typeName: String
    /// The stored form of the default value; nil for optional keys.
    public let defaultValue: PreferenceValue?
    /// The stored forms of every valid value, for enumerations (`CaseIterable` types, optional or not); nil
    /// otherwise.
    public let allowedValues: [PreferenceValue]?
    /// What the key is for, as its declaration says (see ``PreferenceKeys/Key/description``).
    public let description: String?
    /// Whether the key's value is secret (see ``PreferenceKeys/Key/isSecret``).
    public let isSecret: Bool
    /// Names the key was stored under before, newest first (see ``PreferenceKeys/Key/formerNames``).
    public let formerNames: [String]
    /// Whether a stored object is read member by member (see ``PreferenceKeys/Key/decodingMemberByMember()``).
    public let decodesMemberByMember: Bool
    /// The key with its type erased, for the typed work.
    let typed: any ErasedKey
    /// How a read of a stored value goes (see ``defaultedMembers(reading:)``).
    private let readReport: @Sendable (PreferenceValue) throws -> [PreferenceDefaultedMember]

    /// Erases a key's type.
    ///
    /// - Parameter keyPath: The key.
    public init<Value>(_ keyPath: any KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>> & Sendable) {
        let typed = TypedKey(keyPath)
        let key = typed.key
        self.typed = typed
        self.keyPath = keyPath
        self.name = key.name
        self.storeID = key.storeID
        self.typeName = "\(Value.self)"
        self.description = key.description
        self.isSecret = key.isSecret
        self.formerNames = key.formerNames
        self.decodesMemberByMember = key.decodesMemberByMember
        self.defaultValue = typed.storedDefault
        let wrapped = (Value.self as? any OptionalValue.Type)?.wrappedType ?? Value.self
        if let enumeration = wrapped as? any CaseIterable.Type {
            self.allowedValues = Self.allCases(of: enumeration).compactMap {
                ($0 as? Value).flatMap { (try? key.encodeValue($0)).flatMap { $0 } }
            }
        } else {
            self.allowedValues = nil
        }
        self.readReport = { try key.decodeReportingDefaultedMembers($0).defaulted }
    }

    /// Parses text by the key's type (see ``PreferenceKeys/Key/storedValue(parsing:)``).
    ///
    /// - Parameter text: The text.
    /// - Returns: The stored form of the value.
    /// - Throws: ``PreferenceValueError`` when the text is not a valid value.
    public func storedValue(parsing text: String) throws -> PreferenceValue { try typed.storedValue(parsing: text) }

    /// Checks that a stored value is a valid value of the key.
    ///
    /// - Parameter value: The stored value.
    /// - Throws: The decoding error when it is not.
    public func validate(_ value: PreferenceValue) throws { try typed.validate(value) }

    /// Says how a read of a stored value goes: the members that read the default's value (none unless the key
    /// decodes member by member and the stored object does not decode as it is), or nil when the value does not read
    /// at all and the key reads its default.
    ///
    /// ```swift
    /// switch key.defaultedMembers(reading: stored) {
    /// case nil: print("\(key.name) reads its default: the stored value is not valid")
    /// case let members?: for member in members { print("\(key.name).\(member)") }
    /// }
    /// ```
    ///
    /// - Parameter value: The stored value.
    /// - Returns: The defaulted members, or nil.
    public func defaultedMembers(reading value: PreferenceValue) -> [PreferenceDefaultedMember]? {
        try? readReport(value)
    }

    func storedValue(of entry: PreferenceOverrideLayer.Entry) throws -> PreferenceValue {
        try typed.storedValue(of: entry)
    }

    private static func allCases<T: CaseIterable>(of type: T.Type) -> [Any] { Array(type.allCases) }
}

/// An optional's type, asked for the type it wraps.
private protocol OptionalValue {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
}
