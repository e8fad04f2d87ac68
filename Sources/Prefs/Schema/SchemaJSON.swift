internal import Foundation

/// Writes a JSON Schema document: plain JSON, where a one-member object named `$…` (`{"$ref": …}`, a property named
/// `$date`) is written as it is, not wrapped as the file format wraps stored dictionaries.
enum SchemaJSON {
    /// A value as the preferences file writes it, turned into the plain JSON tree of that text: a date becomes
    /// `{"$date": "…"}`, data `{"$data": "…"}`, a double JSON cannot hold `{"$double": "…"}`, and a dictionary the
    /// file would wrap `{"$dictionary": {…}}`. Schemas carry defaults and allowed values in this form.
    static func fileNotation(_ value: PreferenceValue) -> PreferenceValue {
        switch value {
        case .date(let date): return .dictionary(["$date": .string(PreferenceDateFormat.string(from: date))])
        case .data(let data): return .dictionary(["$data": .string(data.base64EncodedString())])
        case .double(let double) where double.isNaN: return .dictionary(["$double": "nan"])
        case .double(let double) where double.isInfinite: return .dictionary(["$double": double < 0 ? "-inf" : "inf"])
        case .array(let elements): return .array(elements.map(fileNotation))
        case .dictionary(let members):
            let plain = PreferenceValue.dictionary(members.mapValues(fileNotation))
            guard members.count == 1, members.keys.first!.hasPrefix("$") else { return plain }
            return .dictionary(["$dictionary": plain])
        default: return value
        }
    }

    /// The document's text: pretty-printed with two spaces, `$schema`, `title`, `description` and `type` first in
    /// each object, the other members sorted by name.
    static func text(of value: PreferenceValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let elements) where !elements.isEmpty:
            let lines = elements.map { inner + text(of: $0, indent: inner) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
        case .dictionary(let members) where !members.isEmpty:
            let lines = members.keys.sorted(by: orderedBefore).map { name in
                inner + PreferenceJSON.text(of: .string(name), pretty: false) + ": "
                    + text(of: members[name]!, indent: inner)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        case .array: return "[]"
        case .dictionary: return "{}"
        default: return PreferenceJSON.text(of: value, pretty: false)
        }
    }

    /// The members a reader looks for first, in this order; the rest follow sorted by name.
    private static let leadingMembers = ["$schema", "$id", "title", "description", "type", "$ref"]

    private static func orderedBefore(_ lhs: String, _ rhs: String) -> Bool {
        switch (leadingMembers.firstIndex(of: lhs), leadingMembers.firstIndex(of: rhs)) {
        case (let left?, let right?): left < right
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): lhs < rhs
        }
    }
}
