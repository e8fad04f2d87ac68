/// The control that edits a value: what a settings screen or the browser console shows for it.
///
/// A key has a natural control (``PreferenceEditor/control``), and each value is shown in the control that shows it
/// exactly (``PreferenceEditor/control(showing:)``): an `Int` key's value 2^60 is edited as text, because a browser's
/// number field rounds it.
public enum PreferenceControl: String, Sendable, Hashable, CaseIterable {
    /// A switch: `true` or `false`.
    case toggle
    /// A choice among the key's allowed values (an enumeration's cases).
    case choice
    /// A whole number within the type's bounds, small enough for a number field (at most 2^53 in magnitude).
    case integer
    /// A finite floating-point number a number field shows exactly.
    case number
    /// Text: a string without line breaks or control characters.
    case text
    /// A date and time to the second, in UTC.
    case dateTime
    /// Text in a form of the key's type that shows any value exactly: a whole number of any size, a number such as
    /// `nan`, `-inf` or `-0.0`, a date to its last fraction digit (`2026-11-22T15:47:00.123456Z`).
    case exactText
    /// The value in Prefs' JSON notation (the preferences file's): arrays, dictionaries, `Codable` values, bytes,
    /// strings with line breaks.
    case json
    /// A secret: never shown; a new value replaces it.
    case secret
}
