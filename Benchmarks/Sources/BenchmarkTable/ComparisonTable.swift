/// One line of the table.
struct Row {
    var benchmark: String
    var prefs: String
    var foundation: String
    var ratio: String
    var target = "—"
    var verdict = "—"
    var limit = "—"
}

/// The table of Prefs against Foundation and the floors: one row per checked-in threshold row (its measured value,
/// target and verdict, regression limit), then a plain timing row for every other benchmark.
struct ComparisonTable {
    let results: BenchmarkResults
    /// The rows of `Thresholds/*.json`, with the file each comes from.
    var thresholds: [(file: String, row: ThresholdRow)] = []

    var rows: [Row] {
        var rows = thresholds.map { row(for: $0.row) }
        rows += otherRows()
        rows += fleetRows()
        return rows
    }

    /// The table in Markdown.
    var markdown: String {
        let header = Row(
            benchmark: "Row",
            prefs: "Prefs (median)",
            foundation: "Reference (median)",
            ratio: "Measure (median, min–max of runs)",
            target: "Target",
            verdict: "Verdict",
            limit: "Limit"
        )
        let cells = ([header] + rows).map {
            [$0.benchmark, $0.prefs, $0.foundation, $0.ratio, $0.target, $0.verdict, $0.limit]
        }
        let widths = (0..<7).map { column in cells.map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            "| " + zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ")
                + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(cells[0]), rule] + cells.dropFirst().map(line)).joined(separator: "\n")
    }

    // MARK: - Rows

    /// A threshold row: what Prefs and the reference measured, the quantity with its spread over the runs, the
    /// target's verdict and the limit.
    private func row(for threshold: ThresholdRow) -> Row {
        let spread = threshold.spread(in: results)
        let shown = threshold.shows ?? threshold.metric
        var row = Row(
            benchmark: threshold.row,
            prefs: cell(threshold.benchmark, metric: shown, percentile: threshold.percentileOrMedian),
            foundation: referenceCell(threshold),
            ratio: spread.map { measure(threshold, $0) } ?? "not measured"
        )
        if let target = threshold.target {
            row.target = threshold.targetText ?? "≤ \(Format.limit(target))"
            row.verdict = verdict((spread?.median ?? .infinity) <= target, measured: spread != nil)
        }
        if let limit = threshold.limit {
            let exceeded = (spread?.median ?? -.infinity) > limit
            row.limit = "≤ \(Format.limit(limit))" + (exceeded ? " EXCEEDED" : "")
        }
        return row
    }

    /// The quantity as the table shows it: "0.085 (0.080–0.091)", with "(11.8× faster)" for a time against
    /// Foundation's.
    private func measure(
        _ threshold: ThresholdRow, _ spread: (median: Double, minimum: Double, maximum: Double)
    )
        -> String
    {
        let format = threshold.isRatio ? Format.ratio : { Format.value($0, metric: threshold.metric) }
        var text = format(spread.median)
        if results.runCount > 1 { text += " (\(format(spread.minimum))–\(format(spread.maximum)))" }
        if threshold.reference?.hasPrefix("Foundation.") == true, MetricKind(threshold.metric) == .time {
            text += ", \(Format.speed(spread.median))"
        }
        return text
    }

    /// Rows for benchmarks that no threshold row names: a timing or latency row each, paired with the Foundation
    /// benchmark of the same name after the first dot.
    private func otherRows() -> [Row] {
        let named = Set(thresholds.flatMap { [$0.row.benchmark, $0.row.reference].compactMap { $0 } })
        var rows: [Row] = []
        for benchmark in results.benchmarks where !named.contains(benchmark) {
            guard let dot = benchmark.firstIndex(of: ".") else { continue }
            let side = String(benchmark[..<dot])
            let name = String(benchmark[benchmark.index(after: dot)...])
            guard ["Prefs", "FileStore", "UserDefaultsStore", "Postgres", "Launch"].contains(side) else { continue }
            if let prefs = results.value(benchmark, .wallClock) {
                let foundation = results.value("Foundation.\(name)", .wallClock)
                rows.append(
                    Row(
                        benchmark: benchmark,
                        prefs: cell(benchmark, metric: Metric.wallClock.rawValue),
                        foundation: foundation == nil
                            ? "—" : cell("Foundation.\(name)", metric: Metric.wallClock.rawValue),
                        ratio: foundation.map { "\(Format.ratio(prefs / $0)), \(Format.speed(prefs / $0))" } ?? "—"
                    ))
            } else if let latency = results.value(benchmark, .wakeLatency) {
                rows.append(Row(benchmark: benchmark, prefs: Format.duration(latency), foundation: "—", ratio: "—"))
            }
        }
        return rows
    }

    // MARK: - Cells

    /// The reference's value: the reference benchmark's, or the row's own benchmark's `referenceShows` metric.
    private func referenceCell(_ threshold: ThresholdRow) -> String {
        let percentile = threshold.percentileOrMedian
        if let reference = threshold.reference {
            let metric = threshold.referenceShows ?? threshold.referenceMetric ?? threshold.shows ?? threshold.metric
            return cell(reference, metric: metric, percentile: percentile)
        }
        if let metric = threshold.referenceShows {
            return cell(threshold.benchmark, metric: metric, percentile: percentile)
        }
        return "—"
    }

    /// A benchmark's metric, with its mallocs per operation when the metric is its wall-clock time.
    private func cell(_ benchmark: String, metric: String, percentile: Int = 50) -> String {
        guard let value = results.value(benchmark, metric: metric, percentile: percentile) else { return "n/a" }
        var text = Format.value(value, metric: metric)
        if metric == Metric.wallClock.rawValue, let mallocs = results.value(benchmark, .mallocCountTotal) {
            text += ", \(Format.count(mallocs)) mallocs"
        }
        return text
    }

    func verdict(_ met: Bool, measured: Bool) -> String {
        measured ? (met ? "met" : "MISSED") : "not measured"
    }
}
