import Foundation

// Prints the comparison table for the results that `swift package benchmark --format histogramPercentiles
// --path <directory>` exported, one directory per run, and checks the limits of `Thresholds/*.json`.
//
//   BenchmarkTable [--thresholds DIR] [--require-all] RUN_DIRECTORY…   the table, then the check; exits 1 when a
//                                                                      value is above its limit (or, with
//                                                                      --require-all, a limited row was not run)
//   BenchmarkTable --markdown [--thresholds DIR] RUN_DIRECTORY…        the Performance article's table
//   BenchmarkTable --update-thresholds [--thresholds DIR] RUN_DIRECTORY…
//                                                                      sets each measured row's limit to its largest
//                                                                      run plus its tolerance, and records the runs
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("BenchmarkTable: \(message)\n".utf8))
    exit(status)
}

var options = CommandLineArguments(Array(CommandLine.arguments.dropFirst()))
let markdown = options.flag("--markdown")
let update = options.flag("--update-thresholds")
let requireAll = options.flag("--require-all")
let thresholdsDirectory = URL(fileURLWithPath: options.value(of: "--thresholds") ?? "Thresholds")
let directories = options.remaining
guard !directories.isEmpty, !directories.contains(where: { $0.hasPrefix("--") }) else {
    fail(
        "usage: BenchmarkTable [--markdown | --update-thresholds] [--thresholds DIR] [--require-all] RUN_DIRECTORY…",
        status: 2)
}

do {
    let results = try BenchmarkResults(directories: directories.map { URL(fileURLWithPath: $0) })
    guard !results.benchmarks.isEmpty else {
        fail("no exported results in \(directories.joined(separator: ", "))", status: 1)
    }
    var thresholds = try ThresholdFiles(directory: thresholdsDirectory)
    if update {
        let date = results.runDates.last ?? ISO8601DateFormatter().string(from: Date()).prefix(10).description
        let updater = ThresholdUpdate(results: results, date: date)
        try thresholds.update(updater.updated)
        print("Updated the limits of the measured rows in \(thresholdsDirectory.path); review the diff.")
        exit(0)
    }
    let table = ComparisonTable(results: results, thresholds: thresholds.rows)
    if markdown {
        print(ReadmeSection(table: table).text)
        exit(0)
    }
    print(table.markdown)
    let (report, passed) = ThresholdCheck(results: results, thresholds: thresholds.rows).report(requireAll: requireAll)
    print()
    print(report)
    exit(passed ? 0 : 1)
} catch {
    fail("\(error)", status: 1)
}
