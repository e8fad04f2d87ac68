import Foundation

/// Starts `PrefsLaunchProbe` (Sources/PrefsLaunchProbe) and reads the figures it prints.
enum LaunchProbe {
    /// The sides a probe process can take: Prefs, Foundation, and the caller's key paths of the Prefs side alone.
    enum Side: String, CaseIterable {
        case prefs
        case foundation
        case keyPaths = "keypaths"
    }

    /// What one probe process measured, in nanoseconds and bytes; the memory figures are missing where the
    /// probe cannot read them.
    struct Sample {
        var figures: [LaunchMetrics.Figure: Int]
    }

    /// The probe, built next to the benchmark (`swift build -c release --product PrefsLaunchProbe`), or nil.
    static var executable: URL? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return [here, package.appendingPathComponent(".build/release")]
            .map { $0.appendingPathComponent("PrefsLaunchProbe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The probe's arguments for one side: the side, the Prefs file or the suite's name, the number of keys, and for
    /// a file of strings their length.
    static func arguments(side: Side, files: LaunchFiles) -> [String] {
        [side.rawValue, side == .foundation ? files.suiteName : files.url.path, "\(files.keys)"]
            + (files.textBytes.map { ["\($0)"] } ?? [])
    }

    /// Runs one probe process to its end and returns its figures; throws if it failed or printed something else.
    static func run(_ executable: URL, side: Side, files: LaunchFiles) throws -> Sample {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments(side: side, files: files)
        let output = Pipe()
        process.standardOutput = output
        let spawned = monotonicNanoseconds()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let exited = monotonicNanoseconds()
        let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var fields: [String: Int] = [:]
        for field in line.split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard process.terminationStatus == 0, let start = fields["start"], let done = fields["done"] else {
            throw LaunchProbeError(side: side, status: process.terminationStatus, output: line)
        }
        var figures: [LaunchMetrics.Figure: Int] = [
            .openRead: done - start, .spawnToLastRead: done - spawned, .spawnToExit: exited - spawned,
        ]
        figures[.residentGrowth] = fields["resident"]
        figures[.heapGrowth] = fields["heap"]
        return Sample(figures: figures)
    }
}

struct LaunchProbeError: Error, CustomStringConvertible {
    let side: LaunchProbe.Side
    let status: Int32
    let output: String
    var description: String { "PrefsLaunchProbe \(side.rawValue) exited with \(status), printing \"\(output)\"" }
}
