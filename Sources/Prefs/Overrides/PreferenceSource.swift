/// Where a key's current value comes from.
public enum PreferenceSource: Sendable, Hashable, CustomStringConvertible {
    /// An override layer: its name, and the name the value has there (an environment variable,
    /// a command-line flag, a member of a file).
    case override(layer: String, name: String)
    /// A store of the container.
    case store(PreferenceStoreID)
    /// Nothing valid is stored: the key's default.
    case defaultValue

    /// A phrase such as "environment variable MYAPP_THEME", "store 'default'" or "the default value".
    public var description: String {
        switch self {
        case .override(let layer, let name): "\(layer) \(name)"
        case .store(let id): "store '\(id)'"
        case .defaultValue: "the default value"
        }
    }
}

/// A value an override layer gives a key, parsed by the key's type.
struct PreferenceOverride: Sendable {
    let value: PreferenceValue
    let source: PreferenceSource
}
