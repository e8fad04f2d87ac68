import Benchmark
import Foundation

/// Launch, counted: the instructions one fresh-process launch executes on each side, under valgrind's callgrind. The
/// machine's load does not move this figure, so its limit can be tight, where the timed `Launch.fresh-process-*`
/// rows spread by tens of percent (and this VM has no hardware counters for ordo-one's `instructions` metric).
///
/// Each iteration runs `PrefsLaunchProbe` once per side under callgrind and records the inclusive instructions of
/// the probe's main (the open, every key read once and its line of output), read with `callgrind_annotate`, and
/// their ratio. Left out where valgrind or the probe is missing (`apt-get install valgrind`).
func launchInstructionBenchmarks() {
    guard let probe = LaunchProbe.executable, let callgrind = Callgrind.installed else { return }
    let configuration = Configurations.customCounts(
        Callgrind.metrics, warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 1)
    Benchmark("Launch.instructions-1000-keys", configuration: configuration) { benchmark, files in
        var counts: [LaunchProbe.Side: Int] = [:]
        for side in LaunchProbe.Side.allCases {
            let count = try callgrind.mainInstructions(of: probe, LaunchProbe.arguments(side: side, files: files))
            counts[side] = count
            benchmark.measurement(Callgrind.instructions(side), count)
        }
        if let foundation = counts[.foundation], foundation > 0 {
            if let prefs = counts[.prefs] { benchmark.measurement(Callgrind.ratio, prefs * 1_000 / foundation) }
            if let keyPaths = counts[.keyPaths] {
                benchmark.measurement(Callgrind.keyPathsRatio, keyPaths * 1_000 / foundation)
            }
        }
    } setup: {
        try LaunchFiles(keys: 1_000)
    }
}

/// valgrind's callgrind and its `callgrind_annotate`, found on `PATH`.
struct Callgrind {
    let valgrind: URL
    let annotate: URL

    /// Both tools, or nil where either is missing.
    static var installed: Callgrind? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        func find(_ name: String) -> URL? {
            path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }
        guard let valgrind = find("valgrind"), let annotate = find("callgrind_annotate") else { return nil }
        return Callgrind(valgrind: valgrind, annotate: annotate)
    }

    /// `prefsInstructions`, `foundationInstructions` or `keypathsInstructions`: the instructions of the probe's main
    /// on that side.
    static func instructions(_ side: LaunchProbe.Side) -> BenchmarkMetric {
        .custom(side.rawValue + "Instructions", polarity: .prefersSmaller, useScalingFactor: false)
    }

    /// Prefs' instructions over Foundation's, in thousandths.
    static var ratio: BenchmarkMetric {
        .custom("instructionsPrefsOverFoundationPermille", polarity: .prefersSmaller, useScalingFactor: false)
    }

    /// The instructions of the caller's key paths alone over Foundation's, in thousandths.
    static var keyPathsRatio: BenchmarkMetric {
        .custom("instructionsKeyPathsOverFoundationPermille", polarity: .prefersSmaller, useScalingFactor: false)
    }

    static var metrics: [BenchmarkMetric] { LaunchProbe.Side.allCases.map(instructions) + [ratio, keyPathsRatio] }

    /// Runs `executable` with `arguments` under callgrind and returns the inclusive instructions of its main.
    func mainInstructions(of executable: URL, _ arguments: [String]) throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-callgrind-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("callgrind.out")
        // valgrind 3.19 cannot read the DWARF 5 that Swift writes for a binary this size ("possibly corrupted
        // debuginfo file"): count a copy without it, whose symbol table still names the functions.
        let counted = folder.appendingPathComponent(executable.lastPathComponent)
        let (stripped, _) = try Self.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["objcopy", "--strip-debug", executable.path, counted.path])
        let (status, log) = try Self.run(
            valgrind,
            ["--tool=callgrind", "--callgrind-out-file=\(profile.path)", (stripped == 0 ? counted : executable).path]
                + arguments)
        guard status == 0 else { throw CallgrindError(message: "valgrind exited with \(status): \(log)") }
        let (_, report) = try Self.run(annotate, ["--inclusive=yes", profile.path])
        // The first line naming the probe's main is the largest: its inclusive count, such as "52,793,776 (78.05%)";
        // "???:PrefsLaunchProbe_main" without debug information, "main.swift:PrefsLaunchProbe_main" with it.
        let main = ":" + executable.lastPathComponent + "_main"
        guard let line = report.split(separator: "\n").first(where: { $0.contains(main) }),
            let count = Int(line.split(separator: " ").first?.replacingOccurrences(of: ",", with: "") ?? "")
        else {
            throw CallgrindError(message: "no line for \(main) in callgrind_annotate's report")
        }
        return count
    }

    /// Runs a tool to its end; its status and what it printed on both outputs.
    private static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

struct CallgrindError: Error, CustomStringConvertible {
    let message: String
    var description: String { "callgrind: \(message)" }
}
