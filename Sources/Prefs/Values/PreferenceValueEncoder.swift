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
        let state = PreferenceEncodingState(userInfo: userInfo)
        let node = try state.node(for: value, at: [], allowsNil: false)
        if let misuse = state.misuse { throw misuse }
        return node.resolved() ?? .dictionary([:])
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

// MARK: - Encoding tree

/// A keyed container's members while it is being encoded: finished values (most members) in the dictionary the tree
/// will hold, so that a container of scalars is finished without building its dictionary again, and members still
/// being written (nested containers, super encoders) apart, until the tree is finished.
final class PreferenceKeyedEncodingBox {
    private var values = [String: PreferenceValue](minimumCapacity: 4)
    /// Members still being written, by name.
    private(set) var pending: [String: PreferenceEncodingNode] = [:]

    /// Sets a member; the last one set under a name wins, and nil or an omitted member leaves it out.
    func set(_ node: PreferenceEncodingNode?, forKey name: String) {
        switch node {
        case .value(let value):
            values[name] = value
            if !pending.isEmpty { pending[name] = nil }
        case nil, .omitted:
            values[name] = nil
            pending[name] = nil
        case .some(let node):
            values[name] = nil
            pending[name] = node
        }
    }

    /// The finished dictionary.
    func resolved() -> PreferenceValue {
        guard !pending.isEmpty else { return .dictionary(values) }
        var members = values
        for (name, node) in pending { members[name] = node.resolved() }
        return .dictionary(members)
    }
}

/// An unkeyed container's elements while it is being encoded.
final class PreferenceUnkeyedEncodingBox {
    var elements: [PreferenceEncodingNode] = []
}

/// One value of the tree under construction; containers are shared boxes, so that nested
/// containers and super encoders can keep writing after they have been inserted in their parent.
enum PreferenceEncodingNode {
    /// A finished value.
    case value(PreferenceValue)
    /// A keyed container.
    case keyed(PreferenceKeyedEncodingBox)
    /// An unkeyed container.
    case unkeyed(PreferenceUnkeyedEncodingBox)
    /// A super encoder (or a nested encoder) whose contents are read when the tree is finished.
    case encoder(PreferenceValueEncoding)
    /// A nil member of a keyed container, left out of the tree.
    case omitted

    /// The finished value, or nil for an omitted member.
    func resolved() -> PreferenceValue? {
        switch self {
        case .value(let value): return value
        case .keyed(let box): return box.resolved()
        case .unkeyed(let box): return .array(box.elements.compactMap { $0.resolved() })
        case .omitted: return nil
        case .encoder(let encoder):
            // An encoder that was handed out but never written to stands for an empty keyed container.
            guard let storage = encoder.storage else { return .dictionary([:]) }
            return storage.resolved()
        }
    }
}

/// What one `encode(_:)` call shares between all of its encoders.
final class PreferenceEncodingState {
    let userInfo: [CodingUserInfoKey: Any]
    /// The first misuse of the container API, reported when encoding finishes (container requests cannot throw).
    private(set) var misuse: EncodingError?

    init(userInfo: [CodingUserInfoKey: any Sendable]) {
        // Mapping even an empty dictionary costs about 300 instructions.
        self.userInfo = userInfo.isEmpty ? [:] : userInfo.mapValues { $0 as Any }
    }

    /// Records a misuse of the container API at `codingPath`, keeping only the first one.
    func reportMisuse(_ message: String, at codingPath: [any CodingKey]) {
        guard misuse == nil else { return }
        let description = "\(message) at \(codingPath.codingPathDescription)."
        misuse = EncodingError.invalidValue(
            message,
            EncodingError.Context(codingPath: codingPath, debugDescription: description)
        )
    }

    /// Encodes `value` at `codingPath`, storing `Date`, `Data`, `URL` and `PreferenceValue` directly.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - codingPath: Where the value sits in the tree.
    ///   - allowsNil: Whether nil is allowed here (a keyed container's member, which nil omits).
    /// - Returns: The encoded node.
    /// - Throws: What the value's `encode(to:)` throws.
    func node<T: Encodable>(
        for value: T, at codingPath: [any CodingKey], allowsNil: Bool
    ) throws
        -> PreferenceEncodingNode
    {
        if let stored = Self.directValue(value) { return .value(stored) }
        if let unordered = value as? any UnorderedEncodable {
            var elements: [PreferenceValue] = []
            try unordered.forEachEncodableElement { element in
                let key = PreferenceCodingKey(index: elements.count)
                let node = try self.node(for: element, at: codingPath + [key], allowsNil: false)
                elements.append(node.resolved() ?? .dictionary([:]))
            }
            return .value(.array(elements.sorted(by: PreferenceValue.storageOrder)))
        }
        let encoder = PreferenceValueEncoding(codingPath: codingPath, state: self, allowsNil: allowsNil)
        try value.encode(to: encoder)
        return encoder.storage ?? .keyed(PreferenceKeyedEncodingBox())
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
}

// MARK: - Encoder

/// The `Encoder` handed to each `encode(to:)`; it is also its own single-value container.
final class PreferenceValueEncoding: Encoder, SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let state: PreferenceEncodingState
    /// Whether encoding nil leaves the value out (true for a keyed container's member) rather than throwing.
    let allowsNil: Bool
    /// What has been encoded so far, or nil when nothing has.
    private(set) var storage: PreferenceEncodingNode?

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    init(codingPath: [any CodingKey], state: PreferenceEncodingState, allowsNil: Bool) {
        self.codingPath = codingPath
        self.state = state
        self.allowsNil = allowsNil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: PreferenceKeyedEncodingBox
        switch storage {
        case nil:
            box = PreferenceKeyedEncodingBox()
            storage = .keyed(box)
        case .keyed(let existing):
            box = existing
        default:
            box = PreferenceKeyedEncodingBox()
            state.reportMisuse("Requested a keyed container after encoding something else", at: codingPath)
        }
        let container = PreferenceKeyedEncodingContainer<Key>(box: box, state: state, codingPath: codingPath)
        return KeyedEncodingContainer(container)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: PreferenceUnkeyedEncodingBox
        switch storage {
        case nil:
            box = PreferenceUnkeyedEncodingBox()
            storage = .unkeyed(box)
        case .unkeyed(let existing):
            box = existing
        default:
            box = PreferenceUnkeyedEncodingBox()
            state.reportMisuse("Requested an unkeyed container after encoding something else", at: codingPath)
        }
        return PreferenceUnkeyedEncodingContainer(box: box, state: state, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: Single value

    /// Stores the single value, which may be set only once.
    private func store(_ node: PreferenceEncodingNode) throws {
        guard storage == nil else {
            let place = codingPath.codingPathDescription
            throw EncodingError.invalidValue(
                node.resolved() as Any,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot encode a single value at \(place): it already holds a value."
                )
            )
        }
        storage = node
    }

    func encodeNil() throws {
        guard allowsNil else { throw PreferenceEncodingState.nilError(at: codingPath) }
        try store(.omitted)
    }

    func encode(_ value: Bool) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: String) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: Double) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: Float) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: Int) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: Int8) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: Int16) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: Int32) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: Int64) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: UInt) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: UInt8) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: UInt16) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: UInt32) throws { try store(.value(value.preferenceValue())) }
    func encode(_ value: UInt64) throws { try store(.value(value.preferenceValue())) }

    func encode<T: Encodable>(_ value: T) throws {
        try store(state.node(for: value, at: codingPath, allowsNil: allowsNil))
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
