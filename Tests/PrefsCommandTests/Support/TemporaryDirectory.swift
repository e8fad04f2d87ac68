import Foundation

/// A temporary folder for one test, removed afterwards.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-cli-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file in the folder (it need not exist).
    func file(_ name: String = "preferences.json") -> URL { url.appendingPathComponent(name) }

    /// The names in the folder, sorted.
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

    /// Writes text to a file in the folder and returns the file.
    @discardableResult
    func write(_ text: String, to name: String = "preferences.json") throws -> URL {
        try Data(text.utf8).write(to: file(name))
        return file(name)
    }

    /// A file's text.
    func contents(of name: String = "preferences.json") throws -> String {
        try String(contentsOf: file(name), encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
