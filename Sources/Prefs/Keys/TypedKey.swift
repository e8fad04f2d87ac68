public import Logging

/// A declared key with its value type erased: what code that handles keys of any type does with one.
///
/// The one type erasure of Prefs. ``AnyPreferenceKey`` holds one, and so does every key path a container has bound
/// (for the decoding its observers need). Where the value type is known again, the ``TypedKey`` behind it is taken
/// back with `unsafeDowncast`: a container finds a binding by its key path, whose type names the value's.
@usableFromInline
protocol ErasedKey: AnyObject, Sendable {
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

extension ErasedKey {
    /// Decodes a stored value; one that is not valid is reported under its stored name and the key's store (the one
    /// form of that report).
    func decode(_ stored: PreferenceValue?, reportingTo logger: Logger, storedAs name: String) -> Decoded {
        decode(stored, reportingTo: logger, as: StoredKey(storeID: storeID, name: name).description)
    }
}

/// A decoded value, and whether the key's default stands in for a stored value that is not valid.
@usableFromInline
struct Decoded: Sendable {
    /// The value, its type erased.
    @usableFromInline let value: DecodedStorage
    /// Whether the default stands in for a stored value that is not valid.
    @usableFromInline let usedDefault: Bool

    @usableFromInline init(_ value: DecodedStorage, usedDefault: Bool) {
        self.value = value
        self.usedDefault = usedDefault
    }
}

/// A decoded value with its type erased: a plain value of up to eight bytes (an `Int`, a `Bool`, a `Double`, an enum
/// without payloads) held as its bits, anything else in a ``DecodedValue`` box. Only the type that stored a value
/// reads it back (a binding's key path names it).
@usableFromInline
enum DecodedStorage: Sendable {
    case bits(UInt64)
    case box(any AnyObject & Sendable)

    /// Stores a value: its bits when it is plain and fits, else a box.
    @inlinable
    init<Value: Sendable>(_ value: Value) {
        if _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size {
            var bits: UInt64 = 0
            withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: value, as: Value.self) }
            self = .bits(bits)
        } else {
            self = .box(DecodedValue(value))
        }
    }

    /// The value, read as the type that stored it.
    @inlinable
    func value<Value: Sendable>(as type: Value.Type) -> Value {
        switch self {
        case .bits(let bits): withUnsafeBytes(of: bits) { $0.load(as: Value.self) }
        case .box(let box): unsafeDowncast(box as AnyObject, to: DecodedValue<Value>.self).value
        }
    }
}

/// A decoded value, cached so that reads do no decoding, and handed to observers.
@usableFromInline
final class DecodedValue<Value: Sendable>: Sendable {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

/// A declared key whose value type is known, and the typed work behind ``ErasedKey``.
@usableFromInline
final class TypedKey<Value: Sendable>: ErasedKey {
    @usableFromInline let key: PreferenceKeys.Key<Value>

    /// Erases a key. Inlinable: made in the caller's specialization, so nothing here copies a key through its
    /// generic value witnesses.
    @inlinable
    init(_ key: PreferenceKeys.Key<Value>) { self.key = key }

    /// Erases a key path's key.
    @inlinable
    convenience init(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) {
        self.init(PreferenceKeys()[keyPath: keyPath])
    }
    // The key's fields that code without its type reads; `Key` keeps them ahead of its default value, at fixed
    // offsets.
    @usableFromInline var name: String { key.name }
    @usableFromInline var storeID: PreferenceStoreID { key.storeID }
    @usableFromInline var formerNames: [String] { key.notes?.formerNames ?? [] }
    @usableFromInline var isSecret: Bool { key.notes?.isSecret ?? false }
    /// Encoded when asked (rarely: a change to or from nothing stored), not kept with every bound key.
    @usableFromInline var storedDefault: PreferenceValue? { (try? key.encodeValue(key.defaultValue)) ?? nil }

    /// The value a key of this type stored.
    @inlinable static func value(in storage: DecodedStorage) -> Value { storage.value(as: Value.self) }

    /// The key behind an erased key of this value type.
    @inlinable static func of(_ erased: any ErasedKey) -> TypedKey<Value> {
        unsafeDowncast(erased as AnyObject, to: TypedKey<Value>.self)
    }

    @usableFromInline func decode(
        _ stored: PreferenceValue?, reportingTo logger: Logger?, as storedName: @autoclosure () -> String
    ) -> Decoded {
        // The common case first, without the generic calls of `Key.decode`: a key that notes nothing (no member by
        // member reading) and a stored value that decodes as it is. (`try?` of a `Decoded`, not of a `Value`: an
        // optional of the generic type would look its metadata up on every call, about 300 instructions.)
        if key.notes == nil, let stored,
            let decoded = try? Decoded(DecodedStorage(key.decodeExactly(stored)), usedDefault: false)
        {
            return decoded
        }
        let (value, usedDefault) = key.decode(stored, reportingTo: logger, as: storedName())
        return Decoded(DecodedStorage(value), usedDefault: usedDefault)
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
        (try? key.encodeValue(preferences.value(of: key))) ?? nil
    }

    @usableFromInline func source(in preferences: Preferences) -> PreferenceSource { preferences.source(of: key) }

    @usableFromInline func set(_ value: PreferenceValue, in preferences: Preferences) throws {
        try preferences.write(key, key.decodeValue(value), waitForStore: true)
    }

    @usableFromInline func reset(in preferences: Preferences) { preferences.reset(key) }
}
