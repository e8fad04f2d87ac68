import Foundation
package import Logging

/// A log handler that keeps every message with its metadata, for tests that check what Prefs reports.
package struct CapturingLogHandler: LogHandler {
    /// The messages logged so far.
    package final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(Logger.Level, String)] = []
        func append(_ level: Logger.Level, _ message: String) { lock.withLock { entries.append((level, message)) } }
        package var all: [(level: Logger.Level, message: String)] { lock.withLock { entries.map { ($0.0, $0.1) } } }
        package var text: String { all.map { "[\($0.level)] \($0.message)" }.joined(separator: "\n") }
        package func count(containing text: String) -> Int { all.filter { $0.message.contains(text) }.count }
    }

    let messages: Messages
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .trace

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let rendered =
            merged.isEmpty ? "" : " " + merged.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        messages.append(event.level, "\(event.message)\(rendered)")
    }

    /// A logger at trace level whose messages land in the returned box.
    package static func logger() -> (Logger, Messages) {
        let messages = Messages()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(messages: messages) }
        logger.logLevel = .trace
        return (logger, messages)
    }
}
