import Foundation

/// Encodes any `Encodable` value as a ``PreferenceValue`` tree, without going through JSON.
///
/// Keyed containers become ``PreferenceValue/dictionary(_:)``, unkeyed containers
/// ``PreferenceValue/array(_:)``, and single values their natural case: every integer width is an
/// ``PreferenceValue/integer(_:)`` (an unsigned value above `Int64.max` uses
/// ``PreferenceValue/unsigned(_:)``), `Float` and `Double` a ``PreferenceValue/double(_:)``. `Date`,
/// `Data`, `URL` (as its absolute string) and `PreferenceValue` itself are stored as they are, wherever
/// they appear; a `Set` is an array in one stable order (``PreferenceValue/storageOrder(_:_:)``).
///
/// The tree holds no null: a nil member of a keyed container is left out, and nil anywhere else
/// (an array element, the top-level value) is an `EncodingError.invalidValue`.
///
/// ```swift
/// struct Frame: Codable { var width = 640, height = 480, title: String? = nil }
/// let stored = try PreferenceValueEncoder().encode(Frame())  // ["width": 640, "height": 480]
/// ```
public struct PreferenceValueEncoder: Sendable {
    /// Contextual information that every `encode(to:)` call sees as `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with no user info.
    public init() {}

    /// Encodes a value as a preference value tree.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The value's stored form; a value that encodes nothing at all is an empty dictionary.
    /// - Throws: `EncodingError.invalidValue` when the value encodes nil outside a keyed container or
    ///   uses its containers inconsistently, and any error that the value's `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> PreferenceValue {
        // Mapping even an empty dictionary costs about 300 instructions.
        let userInfo = userInfo.isEmpty ? [:] : userInfo.mapValues { $0 as Any }
        return try PreferenceValueEncoding.encoded(value, at: [], userInfo: userInfo, allowsNil: false, in: nil)
            ?? .dictionary([:])
    }
}

// MARK: - Coding keys

/// A coding key for array indices, `super`, and dictionary members decoded without a key type.
struct PreferenceCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key of an array element, named like the standard encoders name it ("Index 3").
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    /// The key under which `superEncoder()` and `superDecoder()` store the superclass.
    static let superKey = PreferenceCodingKey(stringValue: "super")
}

extension Array where Element == any CodingKey {
    /// The path as dot-separated key names, for error messages.
    var codingPathDescription: String {
        isEmpty ? "the top level" : "\"" + map(\.stringValue).joined(separator: ".") + "\""
    }
}

// MARK: - Encoder

/// The `Encoder` handed to each `encode(to:)`: its own single-value container, and the storage of the keyed or
/// unkeyed container it hands out. One object per encoded value that is not stored as it is; a nested container or a
/// super encoder is another one, kept until the tree is finished.
final class PreferenceValueEncoding: Encoder, SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether encoding nil leaves the value out (true for a keyed container's member) rather than throwing.
    let allowsNil: Bool
    // The state below is unchecked for exclusivity: one encoding runs on one thread, and no access to it spans a call
    // that can reach this object (the checks took about 900 of a `Codable` write's 13,500 instructions).

    /// What the encoder holds: set by the first value or container asked for.
    @exclusivity(unchecked) private(set) var kind = Kind.empty
    /// The single value; nil for a nil that leaves the value out.
    @exclusivity(unchecked) private var single: PreferenceValue?
    /// A keyed container's finished members (most members), in the dictionary the tree will hold: a container of
    /// scalars is finished without building its dictionary again.
    @exclusivity(unchecked) private var members: [String: PreferenceValue] = [:]
    /// A keyed container's members still being written (nested containers, super encoders), by name.
    @exclusivity(unchecked) private var nested: [String: PreferenceValueEncoding] = [:]
    /// An unkeyed container's elements.
    @exclusivity(unchecked) private var elements: [Element] = []
    /// The first misuse of the container API, thrown when the value is finished (container requests cannot throw).
    @exclusivity(unchecked) private var misuse: EncodingError?

    enum Kind { case empty, single, keyed, unkeyed }

    /// An unkeyed container's element: finished, or still being written.
    private enum Element {
        case value(PreferenceValue)
        case encoder(PreferenceValueEncoding)
    }

    init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], allowsNil: Bool) {
        self.codingPath = codingPath
        self.userInfo = userInfo
        self.allowsNil = allowsNil
    }

    /// Encodes `value` at `codingPath`, storing `Date`, `Data`, `URL` and `PreferenceValue` as they are.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - codingPath: Where it sits in the tree.
    ///   - userInfo: The encoder's user info.
    ///   - allowsNil: Whether nil leaves the value out (a keyed container's member) rather than throwing.
    ///   - parent: The encoder of the value that holds this one, which keeps a misuse of the container API found in
    ///     it; nil for the top-level value, whose encoding throws it.
    /// - Returns: The value's stored form; nil for a nil that leaves it out (where `allowsNil`).
    /// - Throws: What the value's `encode(to:)` throws; for the top-level value, the first misuse of the container
    ///   API (container requests cannot throw, so a misuse is thrown once the whole value is encoded).
    static func encoded<T: Encodable>(
        _ value: T, at codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], allowsNil: Bool,
        in parent: PreferenceValueEncoding?
    ) throws -> PreferenceValue? {
        if let stored = directValue(value) { return stored }
        let encoder = PreferenceValueEncoding(codingPath: codingPath, userInfo: userInfo, allowsNil: allowsNil)
        try value.encode(to: encoder)
        let finished = encoder.finished()
        if let misuse = encoder.misuse {
            guard let parent else { throw misuse }
            parent.keep(misuse)
        }
        // An array whose order means nothing is stored in one order. Only an array's type is asked, and not its
        // value: casting a value boxes it first.
        if encoder.kind == .unkeyed, T.self is any UnorderedEncodable.Type, case .array(let elements)? = finished {
            return .array(elements.sorted(by: PreferenceValue.storageOrder))
        }
        return finished
    }

    /// Encodes a value below this one (a member or an element) at `codingPath`.
    func encoded<T: Encodable>(_ value: T, at codingPath: [any CodingKey], allowsNil: Bool) throws -> PreferenceValue? {
        try Self.encoded(value, at: codingPath, userInfo: userInfo, allowsNil: allowsNil, in: self)
    }

    /// The stored form of the types that the tree holds as they are, instead of through their `Codable` conformance.
    /// Compared by type first: a cast to a type the value does not have costs about a thousand instructions, and most
    /// values encoded have none of these types. (An optional of one of them reaches here again, unwrapped.)
    private static func directValue<T: Encodable>(_ value: T) -> PreferenceValue? {
        if T.self == PreferenceValue.self { return value as? PreferenceValue }
        if T.self == Date.self { return (value as? Date).map(PreferenceValue.date) }
        if T.self == Data.self { return (value as? Data).map(PreferenceValue.data) }
        if T.self == URL.self { return (value as? URL).map { .string($0.absoluteString) } }
        return nil
    }

    /// The finished value: what nothing was encoded into stands for an empty keyed container. A misuse of the
    /// container API in a member or element still being written is kept here.
    func finished() -> PreferenceValue? {
        switch kind {
        case .empty: return .dictionary([:])
        case .single: return single
        case .keyed:
            guard !nested.isEmpty else { return .dictionary(members) }
            var all = members
            for (name, member) in nested {
                all[name] = member.finished()
                keep(member.misuse)
            }
            return .dictionary(all)
        case .unkeyed:
            return .array(
                elements.map { element in
                    switch element {
                    case .value(let value): return value
                    case .encoder(let encoder):
                        let value = encoder.finished() ?? [:]  // nil is refused in an array
                        keep(encoder.misuse)
                        return value
                    }
                })
        }
    }

    /// Records a misuse of the container API, keeping only the first one.
    private func reportMisuse(_ message: String) {
        let description = "\(message) at \(codingPath.codingPathDescription)."
        keep(.invalidValue(message, EncodingError.Context(codingPath: codingPath, debugDescription: description)))
    }

    /// Keeps the first misuse of the container API found in this value.
    private func keep(_ found: EncodingError?) {
        if misuse == nil { misuse = found }
    }

    /// Drops a member still being written that another replaces, keeping a misuse of the container API found in it.
    private func drop(_ replaced: PreferenceValueEncoding?) {
        guard let replaced else { return }
        _ = replaced.finished()
        keep(replaced.misuse)
    }

    /// The error for nil encoded where the tree cannot hold it.
    static func nilError(at codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            Optional<Any>.none as Any,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "Cannot encode nil at \(codingPath.codingPathDescription): a preference value "
                    + "tree has no null. Nil is allowed only as a member of a keyed container, which leaves the member "
                    + "out; it cannot be an array element or a top-level value."
            )
        )
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(PreferenceKeyedEncodingContainer<Key>(encoder: becoming(.keyed)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        PreferenceUnkeyedEncodingContainer(encoder: becoming(.unkeyed))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The storage of a container of `requested` kind: this encoder, unless it holds something else already (a
    /// misuse, answered with storage that nothing reads).
    private func becoming(_ requested: Kind) -> PreferenceValueEncoding {
        if kind == .empty {
            kind = requested
            if requested == .keyed { members = Dictionary(minimumCapacity: 4) }  // reserveCapacity is not specialized
        }
        guard kind != requested else { return self }
        let container = requested == .keyed ? "a keyed" : "an unkeyed"
        reportMisuse("Requested \(container) container after encoding something else")
        return PreferenceValueEncoding(codingPath: codingPath, userInfo: userInfo, allowsNil: allowsNil)
            .becoming(requested)
    }

    /// Sets a keyed container's member; the last one set under a name wins, and nil leaves it out.
    func setMember(_ value: PreferenceValue?, forKey name: String) {
        members[name] = value
        if !nested.isEmpty { drop(nested.removeValue(forKey: name)) }
    }

    /// The storage of a keyed container's member still being written: the container of `kind` there already when
    /// one is asked for again, or a new one that replaces what was set under the key (nil `kind`: a super encoder).
    func member(_ key: any CodingKey, reusing kind: Kind?) -> PreferenceValueEncoding {
        if let kind, let existing = nested[key.stringValue], existing.kind == kind { return existing }
        let member = PreferenceValueEncoding(codingPath: codingPath + [key], userInfo: userInfo, allowsNil: true)
        members[key.stringValue] = nil
        drop(nested.updateValue(member, forKey: key.stringValue))
        return member
    }

    /// How many elements an unkeyed container holds.
    var elementCount: Int { elements.count }

    /// Appends a finished element to an unkeyed container.
    func append(_ value: PreferenceValue) { elements.append(.value(value)) }

    /// Appends an element still being written (a nested container, a super encoder) to an unkeyed container.
    func appendElement(at codingPath: [any CodingKey]) -> PreferenceValueEncoding {
        let element = PreferenceValueEncoding(codingPath: codingPath, userInfo: userInfo, allowsNil: false)
        elements.append(.encoder(element))
        return element
    }

    // MARK: Single value

    /// Stores the single value, which may be set only once.
    private func store(_ value: PreferenceValue?) throws {
        guard kind == .empty else {
            let place = codingPath.codingPathDescription
            throw EncodingError.invalidValue(
                value as Any,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot encode a single value at \(place): it already holds a value."
                )
            )
        }
        (kind, single) = (.single, value)
    }

    func encodeNil() throws {
        guard allowsNil else { throw Self.nilError(at: codingPath) }
        try store(nil)
    }

    func encode(_ value: Bool) throws { try store(value.preferenceValue()) }
    func encode(_ value: String) throws { try store(value.preferenceValue()) }
    func encode(_ value: Double) throws { try store(value.preferenceValue()) }
    func encode(_ value: Float) throws { try store(value.preferenceValue()) }
    func encode(_ value: Int) throws { try store(value.preferenceValue()) }
    func encode(_ value: Int8) throws { try store(value.preferenceValue()) }
    func encode(_ value: Int16) throws { try store(value.preferenceValue()) }
    func encode(_ value: Int32) throws { try store(value.preferenceValue()) }
    func encode(_ value: Int64) throws { try store(value.preferenceValue()) }
    func encode(_ value: UInt) throws { try store(value.preferenceValue()) }
    func encode(_ value: UInt8) throws { try store(value.preferenceValue()) }
    func encode(_ value: UInt16) throws { try store(value.preferenceValue()) }
    func encode(_ value: UInt32) throws { try store(value.preferenceValue()) }
    func encode(_ value: UInt64) throws { try store(value.preferenceValue()) }

    func encode<T: Encodable>(_ value: T) throws {
        try store(encoded(value, at: codingPath, allowsNil: allowsNil))
    }
}

// MARK: - PreferenceValue: Encodable

extension PreferenceValue: Encodable {
    /// Encodes the value with any encoder: scalars as single values, arrays and dictionaries as containers.
    ///
    /// ``PreferenceValueEncoder`` stores a `PreferenceValue` as it is and never calls this method.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Any error that the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .bool(let value): try encodeSingleValue(value, to: encoder)
        case .integer(let value): try encodeSingleValue(value, to: encoder)
        case .unsignedInteger(let value): try encodeSingleValue(value, to: encoder)
        case .double(let value): try encodeSingleValue(value, to: encoder)
        case .string(let value): try encodeSingleValue(value, to: encoder)
        case .data(let value): try encodeSingleValue(value, to: encoder)
        case .date(let value): try encodeSingleValue(value, to: encoder)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            try container.encode(contentsOf: elements)
        case .dictionary(let members):
            var container = encoder.container(keyedBy: PreferenceCodingKey.self)
            for (name, member) in members {
                try container.encode(member, forKey: PreferenceCodingKey(stringValue: name))
            }
        }
    }

    /// Encodes a scalar in the encoder's single-value container.
    private func encodeSingleValue<T: Encodable>(_ value: T, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
