/// A member of a stored object that a key read member by member could not use, so that it reads the default's value
/// (see ``PreferenceKeys/Key/decodingMemberByMember()``).
///
/// ```swift
/// for member in prefs.defaultedMembers(of: \.layout) {
///     print(member)          // "zoom (not valid)", "inspector (missing)"
/// }
/// ```
public struct PreferenceDefaultedMember: Sendable, Hashable, CustomStringConvertible {
    /// Why the default's member stands in for the stored one.
    public enum Reason: String, Sendable, Hashable {
        /// The stored object lacks the member (the type gained it since the value was stored).
        case missing
        /// The stored member does not decode as the member's type (the type changed, or a hand edit broke it).
        case invalid
    }

    /// The member's name and the names of the objects around it, outermost first: `["inspector", "width"]`.
    public let path: [String]
    /// Why the default's value stands in.
    public let reason: Reason

    /// Creates a description of one defaulted member.
    ///
    /// - Parameters:
    ///   - path: The member's name and the names of the objects around it, outermost first.
    ///   - reason: Why the default's value stands in.
    public init(path: [String], reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The member's path with dots, and why: `inspector.width (missing)`, `zoom (not valid)`.
    public var description: String {
        path.joined(separator: ".") + (reason == .missing ? " (missing)" : " (not valid)")
    }
}
