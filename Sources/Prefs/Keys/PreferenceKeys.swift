/// The namespace in which an app declares its preference keys, one computed property per key.
///
/// Declare every key once, as an extension; code everywhere then reaches it by key path, with
/// autocompletion on `\.`:
///
/// ```swift
/// extension PreferenceKeys {
///     var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
///     var lastOpened: Key<Date?> { Key("last_opened") }
/// }
///
/// prefs[\.showHelloWorld] = true
/// ```
///
/// A key is its name, its store and its value type: a key path only says which key, and a read
/// inlined with a literal key path makes no key path object at all. Two declarations that agree on
/// all three are one key, whose first use in a container decides its default and codec.
///
/// A module that must not see the implementation declares its keys in a `public extension
/// PreferenceKeys` of an interface module; the app decides which stores back them.
public struct PreferenceKeys: Sendable {
    /// Creates the namespace value that key paths are applied to.
    public init() {}
}
