package import Prefs

/// A JSON object written member by member, in order, for machine-readable output. Each name appears once: adding a
/// member under a name the object has replaces that member's value where it stands (RFC 8259 leaves an object with
/// a name twice to each reader, and strict readers, Prefs' own among them, refuse it).
package struct JSONObject {
    private var members: [(name: String, json: String)] = []

    /// An empty object.
    package init() {}

    /// Adds a member whose value is a preference value (nil is `null`).
    package mutating func add(_ name: String, _ value: PreferenceValue?) {
        add(name, json: ValueText.json(value))
    }

    /// Adds a member whose value is a string.
    package mutating func add(_ name: String, _ string: String) {
        add(name, .string(string))
    }

    /// Adds a member whose value is JSON text already.
    package mutating func add(_ name: String, json: String) {
        if let index = members.firstIndex(where: { $0.name == name }) {
            members[index].json = json
        } else {
            members.append((name, json))
        }
    }

    /// The object on one line.
    package var text: String {
        "{" + members.map { ValueText.json(.string($0.name)) + ": " + $0.json }.joined(separator: ", ") + "}"
    }

    /// Objects as a pretty-printed JSON array, one object per line.
    package static func array(_ objects: [JSONObject]) -> String {
        guard !objects.isEmpty else { return "[]" }
        return "[\n" + objects.map { "  " + $0.text }.joined(separator: ",\n") + "\n]"
    }
}
