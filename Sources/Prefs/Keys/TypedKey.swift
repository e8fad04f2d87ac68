public import Logging

/// A declared key with its value type erased: what code that handles keys of any type does with one.
///
/// The one type erasure of Prefs. ``AnyPreferenceKey`` holds one, and so does every key path a container has bound
/// (for the decoding its observers need). Where the value type is known again, the ``TypedKey`` behind it is taken
/// back with `unsafeDowncast`: a container finds a binding by its key path, whose type names the value's.
@usableFromInline
protocol ErasedKey: AnyObject, Sendable {
    /// The key path the key was made from.
    var keyPath: AnyKeyPath { get }
    /// Whether the key's value is secret (kept out of log messages).
    var isSecret: Bool { get }
    /// The stored name, before a container's prefix.
    var name: String { get }
    /// The store that holds the key.
    var storeID: PreferenceStoreID { get }
    /// Names the key was stored under before, newest first.
    var formerNames: [String] { get }
    /// The stored form of the key's default value; nil when it has none (an optional key) or it cannot be encoded.
    var storedDefault: PreferenceValue? { get }

    /// Decodes a stored value (nil: nothing stored); a value that is not valid decodes as the default and is
    /// reported to `logger` under `storedName`.
    func decode(
        _ stored: PreferenceValue?, reportingTo logger: Logger?, as storedName: @autoclosure () -> String
    ) -> Decoded
    /// Checks that a stored value is a valid value of the key; throws the decoding error when it is not.
    func validate(_ stored: PreferenceValue) throws
    /// Parses text by the key's type.
    func storedValue(parsing text: String) throws -> PreferenceValue
    /// The stored form of an override layer's entry: text parsed by the key's type, a typed value checked.
    func storedValue(of entry: PreferenceOverrideLayer.Entry) throws -> PreferenceValue
    /// The stored form of what a read of the key returns in a container.
    func currentValue(in preferences: Preferences) -> PreferenceValue?
    /// Where the key's current value comes from in a container.
    func source(in preferences: Preferences) -> PreferenceSource
    /// Writes the key from a stored value that must decode, waiting for its store.
    func set(_ value: PreferenceValue, in preferences: Preferences) throws
    /// Removes the key's stored value.
    func reset(in preferences: Preferences)
}

/// A decoded value in its box, and whether the key's default stands in for a stored value that is not valid.
@usableFromInline
struct Decoded: Sendable {
    /// The ``DecodedValue`` box of the value.
    @usableFromInline let box: any AnyObject & Sendable
    /// Whether the default stands in for a stored value that is not valid.
    @usableFromInline let usedDefault: Bool

    @usableFromInline init(box: any AnyObject & Sendable, usedDefault: Bool) {
        self.box = box
        self.usedDefault = usedDefault
    }
}

/// A decoded value, cached so that reads do no decoding, and handed to observers.
@usableFromInline
final class DecodedValue<Value: Sendable>: Sendable {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

/// A declared key whose value type is known: the key path, its evaluated key, and the typed work behind
/// ``ErasedKey``.
@usableFromInline
final class TypedKey<Value: Sendable>: ErasedKey, @unchecked Sendable {  // key paths are immutable
    @usableFromInline let typedKeyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>
    @usableFromInline let key: PreferenceKeys.Key<Value>
    // The key's facts that code without its type reads, kept apart: reading them from `key` in unspecialized
    // code would copy the whole key.
    @usableFromInline let name: String
    @usableFromInline let storeID: PreferenceStoreID
    @usableFromInline let isSecret: Bool
    @usableFromInline let formerNames: [String]
    /// The box type, kept so that the decoding (not specialized for `Value`) does not look its metadata up.
    @usableFromInline let boxType: DecodedValue<Value>.Type

    /// Evaluates a key path's key. Inlinable: made in the caller's specialization, so nothing here copies a key
    /// through its generic value witnesses.
    @inlinable
    init(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) {
        let key = PreferenceKeys()[keyPath: keyPath]
        self.typedKeyPath = keyPath
        self.key = key
        self.name = key.name
        self.storeID = key.storeID
        self.isSecret = key.isSecret
        self.formerNames = key.formerNames
        self.boxType = DecodedValue<Value>.self
    }

    @usableFromInline var keyPath: AnyKeyPath { typedKeyPath }
    /// Encoded when asked (rarely: a change to or from nothing stored), not kept with every bound key.
    @usableFromInline var storedDefault: PreferenceValue? { (try? key.encodeValue(key.defaultValue)) ?? nil }

    /// The value in a box a key of this type made.
    @inlinable static func value(in box: any AnyObject & Sendable) -> Value {
        unsafeDowncast(box as AnyObject, to: DecodedValue<Value>.self).value
    }

    /// The key behind an erased key of this value type.
    @inlinable static func of(_ erased: any ErasedKey) -> TypedKey<Value> {
        unsafeDowncast(erased as AnyObject, to: TypedKey<Value>.self)
    }

    @usableFromInline func decode(
        _ stored: PreferenceValue?, reportingTo logger: Logger?, as storedName: @autoclosure () -> String
    ) -> Decoded {
        let (value, usedDefault) = key.decode(stored, reportingTo: logger, as: storedName())
        return Decoded(box: boxType.init(value), usedDefault: usedDefault)
    }

    @usableFromInline func validate(_ stored: PreferenceValue) throws { _ = try key.decodeValue(stored) }

    @usableFromInline func storedValue(parsing text: String) throws -> PreferenceValue {
        try key.storedValue(parsing: text)
    }

    @usableFromInline func storedValue(of entry: PreferenceOverrideLayer.Entry) throws -> PreferenceValue {
        switch entry {
        case .text(let text):
            return try key.storedValue(parsing: text)
        case .value(let value):
            _ = try key.decodeValue(value)
            return value
        }
    }

    @usableFromInline func currentValue(in preferences: Preferences) -> PreferenceValue? {
        (try? key.encodeValue(preferences[typedKeyPath])) ?? nil
    }

    @usableFromInline func source(in preferences: Preferences) -> PreferenceSource {
        preferences.source(of: typedKeyPath)
    }

    @usableFromInline func set(_ value: PreferenceValue, in preferences: Preferences) throws {
        try preferences.set(typedKeyPath, key.decodeValue(value))
    }

    @usableFromInline func reset(in preferences: Preferences) { preferences.reset(typedKeyPath) }
}
