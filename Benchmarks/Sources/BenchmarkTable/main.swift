import Foundation

// Prints the comparison table for the results that `swift package benchmark --format histogramPercentiles
// --path <directory>` exported. Usage: BenchmarkTable <directory>
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: BenchmarkTable <directory of exported percentiles>\n".utf8))
    exit(2)
}
let results = try BenchmarkResults(directory: URL(fileURLWithPath: CommandLine.arguments[1]))
guard !results.benchmarks.isEmpty else {
    FileHandle.standardError.write(Data("BenchmarkTable: no exported results in \(CommandLine.arguments[1])\n".utf8))
    exit(1)
}
print(ComparisonTable(results: results).markdown)
