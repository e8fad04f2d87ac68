import Foundation
import Logging

/// A log handler that keeps every message, for tests that check what Prefs reports.
struct CapturingLogHandler: LogHandler {
    final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(Logger.Level, String)] = []
        func append(_ level: Logger.Level, _ message: String) { lock.withLock { entries.append((level, message)) } }
        var all: [(level: Logger.Level, message: String)] { lock.withLock { entries.map { ($0.0, $0.1) } } }
        func count(containing text: String) -> Int { all.filter { $0.message.contains(text) }.count }
    }

    let messages: Messages
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        messages.append(event.level, "\(event.message)")
    }

    /// A logger whose messages land in the returned box.
    static func logger() -> (Logger, Messages) {
        let messages = Messages()
        return (Logger(label: "test") { _ in CapturingLogHandler(messages: messages) }, messages)
    }
}
