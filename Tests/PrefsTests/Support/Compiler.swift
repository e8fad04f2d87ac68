import Foundation
import PrefsTestSupport

/// Runs the toolchain's `swiftc` on a snippet against the Prefs module this test run built.
enum Compiler {
    struct Result {
        let status: Int32
        let output: String
    }

    /// The directory of the built modules: `<build dir>/Modules`.
    static var modulesDirectory: URL { ChildProcess.buildDirectory.appendingPathComponent("Modules") }

    /// The module maps of the C modules in the checked-out packages (swift-system's `CSystem`, say),
    /// which the compiler needs to load Prefs' dependencies, as SwiftPM passes them.
    static var moduleMaps: [String] {
        let checkouts = modulesDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("checkouts")
        var maps: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: checkouts.path) else { return [] }
        while let path = walker.nextObject() as? String {
            if path.hasSuffix("/include/module.modulemap") && path.contains("/Sources/") {
                maps.append(checkouts.appendingPathComponent(path).path)
            }
        }
        return maps
    }

    /// The `swiftc` beside the `swift` that runs the tests, else the first on PATH.
    static var swiftc: String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/swiftc" } + ["/opt/swift/usr/bin/swiftc"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "swiftc"
    }

    /// Type-checks `source` as a file that imports Prefs.
    static func typeCheck(_ source: String, extraArguments: [String] = []) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-typecheck-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments =
            ["-typecheck", "-swift-version", "6", "-I", modulesDirectory.path, file.path]
            + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] } + extraArguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        let status = process.exitStatus()
        return Result(status: status, output: String(decoding: output, as: UTF8.self))
    }
}
