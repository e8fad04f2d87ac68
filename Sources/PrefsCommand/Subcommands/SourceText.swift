internal import Prefs

/// How a ``PreferenceSource`` is shown: "stored", "default", or "overridden by …".
enum SourceText {
    /// The source on one line for people, and its colour: overridden keys stand out.
    static func line(_ source: PreferenceSource) -> (String, TextStyle.Color?) {
        switch source {
        case .override(let layer, let name): ("overridden by \(layer) \(name)", .yellow)
        case .store(let id) where id == .default: ("stored", nil)
        case .store(let id): ("stored in '\(id)'", nil)
        case .defaultValue: ("default", .dim)
        }
    }

    /// Adds `source` (`"override"`, `"store"` or `"default"`) and its details to a JSON object.
    static func add(_ source: PreferenceSource, to object: inout JSONObject) {
        switch source {
        case .override(let layer, let name):
            object.add("source", "override")
            object.add("overriddenBy", "\(layer) \(name)")
        case .store(let id):
            object.add("source", "store")
            object.add("store", id.name)
        case .defaultValue:
            object.add("source", "default")
        }
    }

    /// A note for standard error when a key's value is hidden by an override, else nil.
    static func shadowNote(_ key: AnyPreferenceKey, in preferences: Preferences) -> String? {
        guard case .override(let layer, let name) = preferences.source(of: key) else { return nil }
        let visible = ValueText.line(preferences.currentValue(of: key))
        return "note: '\(key.name)' is overridden by \(layer) \(name): the app keeps reading \(visible) until "
            + "the override is removed"
    }
}
