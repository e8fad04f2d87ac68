internal import Foundation

/// Writes a JSON Schema document: plain JSON, where a one-member object named `$…` (`{"$ref": …}`, a property named
/// `$date`) is written as it is, not wrapped as the file format wraps stored dictionaries.
package enum SchemaJSON {
    /// The description of the property of a former name of a key, which names the key, and from which
    /// `prefs doctor --schema` reads it back (``formerNameOwner(in:)``).
    ///
    /// - Parameter owner: The key's stored name.
    /// - Returns: The description.
    package static func formerNameDescription(of owner: String) -> String {
        "The former name of '\(owner)': a value found here moves there the first time the app uses the key."
    }

    /// The stored name of the key whose former name a property with this description is, or nil.
    ///
    /// - Parameter description: A property's description.
    /// - Returns: The key's stored name.
    package static func formerNameOwner(in description: String) -> String? {
        let start = "The former name of '", end = "': a value found here moves there"
        guard description.hasPrefix(start), let close = description.range(of: end) else { return nil }
        return String(description[description.index(description.startIndex, offsetBy: start.count)..<close.lowerBound])
    }

    /// The `$comment` of a key read member by member (see ``PreferenceKeys/Key/decodingMemberByMember()``), by which
    /// `prefs doctor --schema` knows it.
    package static let memberByMemberComment =
        "Read member by member: a member that is missing or not valid takes its default, the other members are kept."

    /// A value as the preferences file writes it, turned into the plain JSON tree of that text: a date becomes
    /// `{"$date": "…"}`, data `{"$data": "…"}`, a double JSON cannot hold `{"$double": "…"}`, and a dictionary the
    /// file would wrap `{"$dictionary": {…}}`. Schemas carry defaults and allowed values in this form.
    package static func fileNotation(_ value: PreferenceValue) -> PreferenceValue {
        switch value {
        case .date(let date): return .dictionary(["$date": .string(PreferenceDateFormat.string(from: date))])
        case .data(let data): return .dictionary(["$data": .string(data.base64EncodedString())])
        case .double(let double) where double.isNaN: return .dictionary(["$double": "nan"])
        case .double(let double) where double.isInfinite: return .dictionary(["$double": double < 0 ? "-inf" : "inf"])
        case .array(let elements): return .array(elements.map(fileNotation))
        case .dictionary(let members):
            let plain = PreferenceValue.dictionary(members.mapValues(fileNotation))
            guard PreferenceJSON.isWrapped(members) else { return plain }
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
