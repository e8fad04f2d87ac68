package import Prefs

/// A JSON object written member by member, in order, for machine-readable output.
package struct JSONObject {
    private var members: [String] = []

    /// An empty object.
    package init() {}

    /// Adds a member whose value is a preference value (nil is `null`).
    package mutating func add(_ name: String, _ value: PreferenceValue?) {
        members.append(ValueText.json(.string(name)) + ": " + ValueText.json(value))
    }

    /// Adds a member whose value is a string.
    package mutating func add(_ name: String, _ string: String) {
        add(name, .string(string))
    }

    /// Adds a member whose value is JSON text already.
    package mutating func add(_ name: String, json: String) {
        members.append(ValueText.json(.string(name)) + ": " + json)
    }

    /// The object on one line.
    package var text: String { "{" + members.joined(separator: ", ") + "}" }

    /// Objects as a pretty-printed JSON array, one object per line.
    package static func array(_ objects: [JSONObject]) -> String {
        guard !objects.isEmpty else { return "[]" }
        return "[\n" + objects.map { "  " + $0.text }.joined(separator: ",\n") + "\n]"
    }
}
