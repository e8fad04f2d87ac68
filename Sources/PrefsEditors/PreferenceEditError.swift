/// Why a value was refused by a key's editor: text its control cannot read, or a value that is not one of the key's.
/// Nothing is written when an edit fails.
public struct PreferenceEditError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key's stored name.
    public let key: String
    /// What is wrong, for people: "300 is above the largest Int8, 127".
    public let message: String

    /// An error.
    ///
    /// - Parameters:
    ///   - key: The key's stored name.
    ///   - message: What is wrong.
    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// "'launch_count': 300 is above the largest Int8, 127".
    public var description: String { "'\(key)': \(message)" }
}
