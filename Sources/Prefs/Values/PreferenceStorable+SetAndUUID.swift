public import Foundation

extension Set: PreferenceStorable where Element: PreferenceStorable {
    /// Reads a stored ``PreferenceValue/array(_:)`` whose every element is a valid `Element`; repeated elements
    /// collapse into one.
    public init(preferenceValue: PreferenceValue) throws {
        guard case .array(let elements) = preferenceValue else {
            throw PreferenceValueError.typeMismatch(expected: "\(Self.self)", found: preferenceValue)
        }
        self = Set(try elements.map(Element.init(preferenceValue:)))
    }

    /// Stores the elements as ``PreferenceValue/array(_:)`` in the storage order of their stored forms
    /// (``PreferenceValue/storageOrder(_:_:)``), so that the same set is always stored the same way and a file
    /// does not change when nothing in it did.
    public func preferenceValue() throws -> PreferenceValue {
        .array(try map { try $0.preferenceValue() }.sorted(by: PreferenceValue.storageOrder))
    }
}

extension UUID: PreferenceStorable {
    /// Reads a UUID stored as its string, in either case (exactly that form, on every platform).
    public init(preferenceValue: PreferenceValue) throws {
        guard case .string(let string) = preferenceValue else {
            throw PreferenceValueError.typeMismatch(expected: "UUID", found: preferenceValue)
        }
        guard let uuid = StrictText.uuid(string) else {
            throw PreferenceValueError.invalidValue(expected: "UUID", found: preferenceValue)
        }
        self = uuid
    }

    /// Stores the UUID as its string (`"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`), as `Codable` does.
    public func preferenceValue() -> PreferenceValue { .string(uuidString) }
}

/// A collection whose order means nothing (a `Set`): a `Codable` value holding one stores it as an array in the
/// storage order of its elements' stored forms, as the ``PreferenceStorable`` conformance of `Set` does.
protocol UnorderedEncodable {}

extension Set: UnorderedEncodable where Element: Encodable {}
