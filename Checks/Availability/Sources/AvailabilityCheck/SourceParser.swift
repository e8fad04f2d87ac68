internal import Foundation

/// One source file as the check sees it: its text, the compiler's parse of it, and its availability regions.
package struct ParsedFile {
    package let path: String
    package let source: String
    package let dump: DumpNode
    package let regions: SourceRegions
}

/// Parses source files with the compiler (`swift-frontend -dump-parse`), which needs no module and no build.
///
/// The parse dump leaves out everything inside `#if` blocks, active or not, so each file is parsed with its `#if`,
/// `#elseif`, `#else` and `#endif` lines blanked out (same length, so positions do not move): the regions of every
/// clause are then known, and the index store says which clause was compiled.
package struct SourceParser {
    let frontend: String

    /// A parser that runs `frontend` (`swift-frontend`, or `swiftc` with `-frontend`).
    package init(frontend: String) { self.frontend = frontend }

    /// Each file parsed, by the path given.
    package func parse(_ paths: [String]) throws -> [String: ParsedFile] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("availability-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var sources: [String: String] = [:]
        var copies: [String: String] = [:]  // copy → original
        for (index, path) in paths.enumerated() {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CheckFailure("cannot read \(path)")
            }
            let source = String(decoding: data, as: UTF8.self)
            sources[path] = source
            // A file keeps its name (main.swift is top-level code) in a folder of its own.
            let folder = scratch.appendingPathComponent("\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copy = folder.appendingPathComponent((path as NSString).lastPathComponent).path
            try Data(Self.withoutConditionalCompilation(source).utf8).write(to: URL(fileURLWithPath: copy))
            copies[copy] = path
        }

        var dumps: [String: Substring] = [:]
        let libraries = copies.keys.filter { !$0.hasSuffix("/main.swift") }.sorted()
        let batches = stride(from: 0, to: libraries.count, by: 50).map {
            Array(libraries[$0..<min($0 + 50, libraries.count)])
        }
        for batch in batches {
            try dump(batch.flatMap { ["-primary-file", $0] } + ["-parse-as-library"], into: &dumps)
        }
        for main in copies.keys where main.hasSuffix("/main.swift") { try dump([main], into: &dumps) }

        var result: [String: ParsedFile] = [:]
        for (copy, original) in copies {
            guard let dump = dumps[copy] else { throw CheckFailure("the compiler's parse dump lacks \(original)") }
            let root = DumpNode.parse(dump)
            let source = sources[original]!
            result[original] = ParsedFile(
                path: original, source: source, dump: root, regions: SourceRegions(dump: root, source: source))
        }
        return result
    }

    /// The source with its conditional compilation directives replaced by spaces.
    package static func withoutConditionalCompilation(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let directive = trimmed.prefix { !$0.isWhitespace && $0 != "(" }
            guard ["#if", "#elseif", "#else", "#endif"].contains(directive) else { return String(line) }
            return String(repeating: " ", count: line.utf8.count)
        }.joined(separator: "\n")
    }

    /// Runs the frontend's parse dump and files each source file's part under its path.
    private func dump(_ arguments: [String], into dumps: inout [String: Substring]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: frontend)
        process.arguments = ["-frontend", "-dump-parse"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes to their end before waiting, so that neither fills up.
        let errorData = Data.readAll(errors)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            let message = String(decoding: errorData.value, as: UTF8.self)
            throw CheckFailure("the compiler could not parse the sources:\n\(message)")
        }
        let marker = "(source_file \""
        var rest = Substring(text)
        while let start = rest.range(of: marker) {
            let afterName = rest[start.upperBound...]
            guard let quote = afterName.firstIndex(of: "\"") else { break }
            let name = String(afterName[..<quote])
            let next = afterName.range(of: marker)?.lowerBound ?? afterName.endIndex
            dumps[name] = rest[start.lowerBound..<next]
            rest = rest[next...]
        }
    }
}

extension Data {
    /// Reads a pipe to its end on another thread; `value` waits for it.
    fileprivate static func readAll(_ pipe: Pipe) -> ReadAll { ReadAll(pipe) }

    fileprivate final class ReadAll: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()

        init(_ pipe: Pipe) {
            Thread.detachNewThread { [self] in
                data = pipe.fileHandleForReading.readDataToEndOfFile()
                done.signal()
            }
        }

        var value: Data {
            done.wait()
            return data
        }
    }
}
