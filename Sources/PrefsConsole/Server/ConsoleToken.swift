internal import Foundation

/// The console's secrets: the access token every request carries, and the token that state-changing requests from
/// the page carry against cross-site request forgery. Compared in constant time; never logged.
struct ConsoleToken: Sendable {
    /// The access token's text.
    let text: String

    /// A new random token: 32 bytes from the system's secure generator, in base64url (43 characters).
    static func random() -> ConsoleToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString().filter { $0 != "=" }
        return ConsoleToken(text: String(base64.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }))
    }

    /// Whether `candidate` is this token, in time that depends on the candidate's length only.
    func matches(_ candidate: some StringProtocol) -> Bool {
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(truncatingIfNeeded: expected.count ^ given.count)
        for index in 0..<given.count {
            difference |= given[index] ^ expected[index % max(expected.count, 1)]
        }
        return difference == 0 && !expected.isEmpty
    }
}
