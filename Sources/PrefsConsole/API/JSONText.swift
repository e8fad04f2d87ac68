internal import Prefs

/// Writes the API's JSON: objects with members in the order given, strings escaped as the preferences file escapes
/// them. Values of keys never appear as JSON numbers here: they travel as the text of Prefs' JSON notation, in a
/// string, so that no client rounds a 64-bit integer or loses `-0.0`.
enum JSONText {
    /// A member's value.
    indirect enum Value {
        case string(String)
        case bool(Bool)
        case null
        case object([(String, Value)])
        case array([Value])

        static func optional(_ text: String?) -> Value { text.map(Value.string) ?? .null }
    }

    /// The JSON text of a value.
    static func text(_ value: Value) -> String {
        switch value {
        case .string(let string): return PreferenceJSON.text(of: .string(string), pretty: false)
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { text(.string($0.0)) + ":" + text($0.1) }.joined(separator: ",") + "}"
        }
    }
}
