#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether, and how, text written to one stream is coloured: only on a terminal, and never when
/// `NO_COLOR` is set (see no-color.org) or the terminal is `dumb`.
package struct TextStyle: Sendable {
    /// The colours the tools use.
    package enum Color: String, Sendable {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
        case dim = "2"
        case bold = "1"
    }

    /// Whether escape sequences are written.
    package let usesColor: Bool

    /// A style that colours or not, as told.
    package init(usesColor: Bool) { self.usesColor = usesColor }

    /// The style for a stream, decided by the rule above.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether the stream is a terminal.
    ///   - environment: The process's environment.
    /// - Returns: The style.
    package static func forStream(isTerminal: Bool, environment: [String: String]) -> TextStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TextStyle(usesColor: isTerminal && !noColor && environment["TERM"] != "dumb")
    }

    /// The style for a file descriptor of this process.
    package static func forDescriptor(_ descriptor: Int32, environment: [String: String]) -> TextStyle {
        forStream(isTerminal: isTerminal(descriptor), environment: environment)
    }

    /// Whether a file descriptor of this process is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Wraps `text` in the colour's escape sequence, when this style colours.
    package func paint(_ text: String, _ color: Color?) -> String {
        guard usesColor, let color, !text.isEmpty else { return text }
        return "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m"
    }
}
