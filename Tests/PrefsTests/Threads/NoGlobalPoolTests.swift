import Foundation
import Testing

/// No library code queues work on `DispatchQueue.global()`. On Linux that pool also runs Swift concurrency's jobs and
/// grows by about one thread a second while its threads block, so work queued there by Prefs (a change's delivery, a
/// store call) waits for seconds in an application that blocks a few of them. Prefs uses serial queues of its own,
/// its stores' event loop, or NIO's blocking pool instead (`BusyPoolTests` and `OffloadedTests` show why).
@Suite struct NoGlobalPoolTests {
    @Test func noSourceFileQueuesWorkOnTheGlobalPool() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var swiftFiles = 0
        var sites: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            swiftFiles += 1
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated()
            where line.contains(".global(") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                sites.append("\(file.path.dropFirst(sources.path.count + 1)):\(index + 1)")
            }
        }
        #expect(swiftFiles > 100, "the scan found the sources")
        #expect(sites.isEmpty, "work queued on DispatchQueue.global(): \(sites)")
    }
}
