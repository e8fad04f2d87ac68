import Foundation

/// Checks every threshold row that has a limit against the results: a value above its limit is a regression.
struct ThresholdCheck {
    let results: BenchmarkResults
    let thresholds: [(file: String, row: ThresholdRow)]

    /// A row whose value is above its limit.
    struct Regression {
        let file: String
        let row: ThresholdRow
        let value: Double
        let limit: Double

        /// "REGRESSION Prefs.read-cached-Int / Floor.mutex-dictionary-lookup (wallClock): 3.80 > limit 3.5 …"
        var line: String {
            let quantity = [row.benchmark, row.reference].compactMap { $0 }.joined(separator: " / ")
            let metric = [row.metric, row.reference == nil ? nil : row.referenceMetric].compactMap { $0 }
                .joined(separator: " / ")
            let shown = row.isRatio ? Format.ratio(value) : Format.value(value, metric: row.metric)
            return "REGRESSION \(quantity) (\(metric), p\(row.percentileOrMedian)): \(shown) > limit "
                + "\(Format.limit(limit)) [\(row.row); Thresholds/\(file)]"
        }
    }

    /// Rows above their limit.
    var regressions: [Regression] {
        thresholds.compactMap { file, row in
            guard let limit = row.limit, let value = row.spread(in: results)?.median, value > limit else { return nil }
            return Regression(file: file, row: row, value: value, limit: limit)
        }
    }

    /// Rows with a limit that no run measured.
    var unmeasured: [ThresholdRow] {
        thresholds.map(\.row).filter { $0.limit != nil && $0.spread(in: results) == nil }
    }

    /// How many rows have a limit.
    var checkedCount: Int { thresholds.filter { $0.row.limit != nil }.count }

    /// The report printed under the table, and whether the check passed. With `requireAll`, a row with a limit
    /// that was not measured fails the check too (a benchmark that vanished must not pass silently).
    func report(requireAll: Bool) -> (text: String, passed: Bool) {
        let regressions = self.regressions
        let unmeasured = self.unmeasured
        var lines = regressions.map(\.line)
        let missing = unmeasured.map { "NOT MEASURED \($0.benchmark) (\($0.metric)) [\($0.row)]" }
        if requireAll { lines += missing }
        let measured = checkedCount - unmeasured.count
        var summary = "Thresholds: \(measured) of \(checkedCount) limits measured, \(regressions.count) exceeded"
        if !requireAll && !unmeasured.isEmpty { summary += " (the others were not run)" }
        lines.append(summary)
        let passed = regressions.isEmpty && (!requireAll || unmeasured.isEmpty)
        return (lines.joined(separator: "\n"), passed)
    }
}

/// Sets each measured row's limit from the runs: the largest run's value plus the row's tolerance, rounded up.
struct ThresholdUpdate {
    let results: BenchmarkResults
    let date: String

    func updated(_ row: ThresholdRow) -> ThresholdRow {
        guard let spread = row.spread(in: results) else { return row }
        var row = row
        row.measured = MeasuredSpread(
            median: Self.rounded(spread.median),
            minimum: Self.rounded(spread.minimum),
            maximum: Self.rounded(spread.maximum),
            runs: row.runValues(in: results).compactMap { $0 }.count,
            date: date,
            machine: results.machineSummary
        )
        if let tolerance = row.tolerance {
            row.limit = Self.roundedUp(spread.maximum * (1 + tolerance), integral: !row.isRatio && row.divisor == nil)
        }
        return row
    }

    /// Three significant digits, for the record.
    static func rounded(_ value: Double) -> Double {
        guard value != 0 else { return 0 }
        let scale = pow(10, 2 - floor(log10(abs(value))))
        return (value * scale).rounded() / scale
    }

    /// Up to the next integer for counts, else up to three significant digits.
    static func roundedUp(_ value: Double, integral: Bool) -> Double {
        if integral || value == 0 { return value.rounded(.up) }
        let scale = pow(10, 2 - floor(log10(abs(value))))
        return (value * scale).rounded(.up) / scale
    }
}
