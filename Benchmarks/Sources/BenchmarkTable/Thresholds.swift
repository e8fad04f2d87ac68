import Foundation

/// One checked-in file of `Thresholds/`: rows of the table, each a quantity measured in every run, with the target
/// it should reach and the limit past which it is a regression.
struct ThresholdFile: Codable {
    /// What the file covers and how its limits were set.
    var about: String?
    /// The rows, in the order the table shows them.
    var rows: [ThresholdRow]
}

/// A quantity of the benchmark results, its target and its regression limit. Every quantity is one where less is
/// better: a time over a reference time measured in the same run, or a count.
///
/// The value of a run is `benchmark`'s `metric` at `percentile`, divided by `reference`'s `referenceMetric` in the
/// same run when there is a reference, then by `divisor`. The row's value is the median of the runs' values.
struct ThresholdRow: Codable {
    /// The row's name in the table.
    var row: String
    var benchmark: String
    /// An ordo-one metric name (`wallClock`, `mallocCountTotal`) or a custom one (`wakeLatencyNanoseconds`).
    var metric: String
    /// Defaults to 50, the median; 100 is the largest sample.
    var percentile: Int?
    /// The benchmark whose value, in the same run, divides this one: Foundation's twin or a floor.
    var reference: String?
    /// The reference's metric; defaults to `metric`.
    var referenceMetric: String?
    /// The metrics the table shows in the Prefs and reference columns when they are not `metric` and
    /// `referenceMetric`; without a `reference`, `referenceShows` is a metric of `benchmark` itself (a row whose
    /// value is a ratio in thousandths shows the two times it was taken from).
    var shows: String?
    var referenceShows: String?
    /// Divides the value: 1,000 for per-key figures of a 1,000-key benchmark, or for a ratio in thousandths.
    var divisor: Double?
    /// The target the value should reach (at most), and how the issue words it.
    var target: Double?
    var targetText: String?
    /// The regression limit: `compare.sh` fails when the value is above it.
    var limit: Double?
    /// How much `--update-thresholds` adds to the largest value of the runs it saw to set `limit` (0.25 is 25 %).
    var tolerance: Double?
    /// What the runs that set `limit` measured.
    var measured: MeasuredSpread?
    var note: String?

    var percentileOrMedian: Int { percentile ?? 50 }

    /// Whether the value is a ratio (of two measurements, or a ratio metric in thousandths) rather than a count,
    /// a time or a size.
    var isRatio: Bool { reference != nil || metric.hasSuffix("Permille") }

    /// The value in each run, nil where that run did not measure it.
    func runValues(in results: BenchmarkResults) -> [Double?] {
        let values = results.runValues(benchmark, metric: metric, percentile: percentileOrMedian)
        let references =
            reference.map {
                results.runValues($0, metric: referenceMetric ?? metric, percentile: percentileOrMedian)
            } ?? values.map { _ in 1 }
        return zip(values, references).map { value, reference in
            guard let value, let reference, reference > 0 else { return nil }
            return value / reference / (divisor ?? 1)
        }
    }

    /// The median over the runs, and the smallest and largest run.
    func spread(in results: BenchmarkResults) -> (median: Double, minimum: Double, maximum: Double)? {
        let values = runValues(in: results).compactMap { $0 }
        guard let median = Statistics.median(values), let minimum = values.min(), let maximum = values.max() else {
            return nil
        }
        return (median, minimum, maximum)
    }
}

/// The runs behind a limit: their median, smallest and largest value, how many, when and under what load.
struct MeasuredSpread: Codable {
    var median: Double
    var minimum: Double
    var maximum: Double
    var runs: Int
    var date: String
    var machine: String?
}

/// Every `*.json` file of a thresholds directory, in the order of their names.
struct ThresholdFiles {
    let directory: URL
    private(set) var files: [(name: String, content: ThresholdFile)] = []

    init(directory: URL) throws {
        self.directory = directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            do {
                files.append((name, try JSONDecoder().decode(ThresholdFile.self, from: data)))
            } catch {
                throw ThresholdFileError(path: directory.appendingPathComponent(name).path, reason: "\(error)")
            }
        }
    }

    /// Every row with the file it comes from.
    var rows: [(file: String, row: ThresholdRow)] {
        files.flatMap { file in file.content.rows.map { (file.name, $0) } }
    }

    /// Replaces every row with what `update` returns for it, and writes the files back.
    mutating func update(_ update: (ThresholdRow) -> ThresholdRow) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for index in files.indices {
            files[index].content.rows = files[index].content.rows.map(update)
            let data = try encoder.encode(files[index].content)
            try (data + Data("\n".utf8)).write(to: directory.appendingPathComponent(files[index].name))
        }
    }
}

struct ThresholdFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "\(path) is not a thresholds file: \(reason)" }
}
