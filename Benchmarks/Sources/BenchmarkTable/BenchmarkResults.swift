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
    case fleetClientMemory = "fleetClientBytesPerInstance"
    case fleetServerMemory = "fleetServerBytesPerSession"
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
/// wrote to one directory per run, one file per benchmark and metric, already divided by each benchmark's scaling
/// factor (so per operation) and converted here to nanoseconds, bytes or plain counts.
///
/// With several runs, ``value(_:_:percentile:)`` is the median over the runs of each run's value, and
/// ``runValues(_:metric:percentile:)`` gives every run's value, for ratios taken within one run.
struct BenchmarkResults {
    private static let suffix = ".histogram.percentiles.tsv"

    /// Values by benchmark name, metric name and percentile: one dictionary per run.
    private var runs: [[String: [String: [Int: Double]]]] = []

    /// What each run directory says of the machine (its `machine.txt`, written by compare.sh), by run.
    private(set) var machineNotes: [String] = []

    /// Reads one directory per run.
    init(directories: [URL]) throws {
        for directory in directories {
            var values: [String: [String: [Int: Double]]] = [:]
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
            runs.append(values)
            let note = directory.appendingPathComponent("machine.txt")
            if let text = try? String(contentsOf: note, encoding: .utf8) {
                machineNotes.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
    }

    init(directory: URL) throws { try self.init(directories: [directory]) }

    /// How many runs were read.
    var runCount: Int { runs.count }

    /// The value of a metric at a percentile (the median unless told otherwise): the median over the runs that
    /// measured it, or nil if none did.
    func value(_ benchmark: String, _ metric: Metric, percentile: Int = 50) -> Double? {
        value(benchmark, metric: metric.rawValue, percentile: percentile)
    }

    /// The same for a metric given by its exported name (a custom metric, say).
    func value(_ benchmark: String, metric: String, percentile: Int = 50) -> Double? {
        Statistics.median(runValues(benchmark, metric: metric, percentile: percentile).compactMap { $0 })
    }

    /// The value of a metric at a percentile in each run, nil where that run did not measure it.
    func runValues(_ benchmark: String, metric: String, percentile: Int = 50) -> [Double?] {
        runs.map { $0[benchmark]?[metric]?[percentile] }
    }

    /// Whether any metric of the benchmark was exported in any run.
    func contains(_ benchmark: String) -> Bool { runs.contains { $0[benchmark] != nil } }

    /// Every benchmark name, sorted.
    var benchmarks: [String] { Set(runs.flatMap(\.keys)).sorted() }

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

/// Medians and spreads of a few values.
enum Statistics {
    /// The median (the mean of the two middle values for an even count), or nil for no values.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
