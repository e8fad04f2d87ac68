import Foundation

/// The metrics the table reads, by the name ordo-one gives them in exported file names.
enum Metric: String {
    case wallClock
    case mallocCountTotal
    case peakMemoryResidentDelta
    case memoryLeakedBytes
    case wakeLatency = "wakeLatencyNanoseconds"
    case callbacksAfterReturn
    case observersWoken
    case fleetLast = "fleetLastNanoseconds"
    case fleetFirst = "fleetFirstNanoseconds"
    case fleetClientCPU = "fleetClientCPUNanoseconds"
    case fleetServerCPU = "fleetServerCPUNanoseconds"
    case fleetConnections
    case fleetNotificationQueue = "fleetNotificationQueuePPM"
    case loadAverage = "loadAverageCentis"
    case stormCommits = "stormCommittedVersionsPerSecond"
    case stormFlushes = "stormFlushedWritesPerSecond"
    case stormFlushP50 = "stormFlushP50Nanoseconds"
    case stormFlushP99 = "stormFlushP99Nanoseconds"
    case stormLost = "stormLostWrites"
    case stormConverged = "stormConvergedInstances"
    case readsPerOwnWrite = "storeReadsPerOwnWrite"
    case readsPer1000OutsideChanges = "storeReadsPer1000OutsideChanges"
}

/// The percentiles of every benchmark and metric that `swift package benchmark --format histogramPercentiles`
/// wrote to a directory, one file per benchmark and metric, already divided by each benchmark's scaling
/// factor (so per operation) and converted here to nanoseconds, bytes or plain counts.
struct BenchmarkResults {
    private static let suffix = ".histogram.percentiles.tsv"

    /// Values by benchmark name, metric name and percentile.
    private var values: [String: [String: [Int: Double]]] = [:]

    init(directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for file in files where file.hasSuffix(Self.suffix) {
            // "<baseline>.<target>.<benchmark>.<metric>.histogram.percentiles.tsv"; benchmark names contain dots.
            var parts = file.dropLast(Self.suffix.count).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 4 else { continue }
            let metric = String(parts.removeLast())
            let benchmark = parts.dropFirst(2).joined(separator: ".")
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            values[benchmark, default: [:]][metric] = Self.parse(text)
        }
    }

    /// The value of a metric at a percentile (the median unless told otherwise), or nil if it was not measured.
    func value(_ benchmark: String, _ metric: Metric, percentile: Int = 50) -> Double? {
        values[benchmark]?[metric.rawValue]?[percentile]
    }

    /// Whether any metric of the benchmark was exported.
    func contains(_ benchmark: String) -> Bool { values[benchmark] != nil }

    /// Every benchmark name, sorted.
    var benchmarks: [String] { values.keys.sorted() }

    /// Parses "Percentile<TAB><metric> (<unit>) *" followed by "<percentile><TAB><value>" lines.
    private static func parse(_ text: String) -> [Int: Double] {
        let lines = text.split(whereSeparator: \.isNewline)
        guard let header = lines.first else { return [:] }
        let multiplier = unitMultiplier(String(header))
        var result: [Int: Double] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let percentile = Int(fields[0]), let value = Double(fields[1]) else { continue }
            result[percentile] = value * multiplier
        }
        return result
    }

    /// The factor that turns a header's unit into nanoseconds (times) or ones (counts and bytes).
    private static func unitMultiplier(_ header: String) -> Double {
        let units: [(String, Double)] = [
            ("(ns)", 1), ("(μs)", 1e3), ("(us)", 1e3), ("(ms)", 1e6), ("(s)", 1e9),
            ("(K)", 1e3), ("(M)", 1e6), ("(G)", 1e9),
        ]
        return units.first { header.contains($0.0) }?.1 ?? 1
    }
}
