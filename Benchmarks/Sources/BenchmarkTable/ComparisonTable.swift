/// One line of the table.
struct Row {
    var benchmark: String
    var prefs: String
    var foundation: String
    var ratio: String
    var target = "—"
    var verdict = "—"
}

/// The table of Prefs against Foundation: every row names its target and whether this run met it.
struct ComparisonTable {
    let results: BenchmarkResults

    /// Rows the table knows by name; other `Prefs.x` and `FileStore.x` benchmarks get a row without a target.
    private static let knownRows: Set<String> = [
        "read-cached-Int", "read-cached-String", "read-cached-Codable", "write-Int", "write-Codable",
        "observe-callback", "values-wake", "write-among-1000-observed-keys", "memory-10000-keys",
    ]

    var rows: [Row] {
        var rows = [
            timing("read-cached-Int", minimumSpeedup: 20, allocationFree: true),
            floor(),
            timing("read-cached-String"),
            timing("read-cached-Codable", minimumSpeedup: 50),
            timing("write-Int", minimumSpeedup: 10),
            timing("write-Codable"),
            latency("observe-callback", limit: 2_000),
            lateCallbacks(),
            latency("values-wake", limit: 20_000),
            streamFloor(),
            observersWoken(),
        ]
        rows += memory("memory-10000-keys")
        rows = rows.filter(isMeasured)  // a filtered run (`--filter 'Postgres.*'`) shows only what it measured
        rows += otherRows()
        rows += fleetRows()
        return rows
    }

    /// Whether the run measured the benchmark a fixed row is about (or its Foundation twin, or its floor).
    private func isMeasured(_ row: Row) -> Bool {
        let subject = row.benchmark.components(separatedBy: ":")[0].components(separatedBy: " vs ")[0]
        let name = subject.split(separator: ".", maxSplits: 1).last.map(String.init) ?? subject
        return [subject, "Prefs.\(name)", "Foundation.\(name)"].contains(where: results.contains)
    }

    /// The table in Markdown.
    var markdown: String {
        let header = Row(
            benchmark: "Benchmark",
            prefs: "Prefs (median)",
            foundation: "Foundation (median)",
            ratio: "Prefs / Foundation",
            target: "Target",
            verdict: "Verdict"
        )
        let cells = ([header] + rows).map { [$0.benchmark, $0.prefs, $0.foundation, $0.ratio, $0.target, $0.verdict] }
        let widths = (0..<6).map { column in cells.map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            "| " + zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ")
                + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(cells[0]), rule] + cells.dropFirst().map(line)).joined(separator: "\n")
    }

    // MARK: - Rows

    private func timing(
        _ name: String,
        side: String = "Prefs",
        minimumSpeedup: Double? = nil,
        allocationFree: Bool = false
    ) -> Row {
        let prefs = results.value("\(side).\(name)", .wallClock)
        let foundation = results.value("Foundation.\(name)", .wallClock)
        let prefsMallocs = results.value("\(side).\(name)", .mallocCountTotal)
        var row = Row(
            benchmark: "\(side).\(name)",
            prefs: timed(prefs, mallocs: prefsMallocs),
            foundation: timed(foundation, mallocs: results.value("Foundation.\(name)", .mallocCountTotal)),
            ratio: ratio(prefs, foundation)
        )
        var targets: [String] = []
        var met = true
        if let minimumSpeedup {
            targets.append("≥ \(Format.count(minimumSpeedup))× faster")
            met = met && (prefs.flatMap { prefs in foundation.map { $0 / prefs >= minimumSpeedup } } ?? false)
        }
        if allocationFree {
            targets.append("0 mallocs")
            met = met && prefsMallocs == 0
        }
        if !targets.isEmpty {
            row.target = targets.joined(separator: ", ")
            row.verdict = verdict(met, measured: prefs != nil && foundation != nil)
        }
        return row
    }

    private func floor() -> Row {
        let prefs = results.value("Prefs.read-cached-Int", .wallClock)
        let floorName = "Floor.mutex-dictionary-lookup"
        let floor = results.value(floorName, .wallClock)
        let ratio = prefs.flatMap { prefs in floor.map { prefs / $0 } }
        return Row(
            benchmark: "Prefs.read-cached-Int vs \(floorName)",
            prefs: timed(prefs, mallocs: results.value("Prefs.read-cached-Int", .mallocCountTotal)),
            foundation: "floor: " + timed(floor, mallocs: results.value(floorName, .mallocCountTotal)),
            ratio: ratio.map { "\(Format.ratio($0)) (Prefs / floor)" } ?? "n/a",
            target: "≤ 3× the floor",
            verdict: verdict((ratio ?? .infinity) <= 3, measured: ratio != nil)
        )
    }

    private func latency(_ name: String, limit: Double) -> Row {
        let median = results.value("Prefs.\(name)", .wakeLatency)
        let p90 = results.value("Prefs.\(name)", .wakeLatency, percentile: 90)
        return Row(
            benchmark: "Prefs.\(name)",
            prefs: median.map { "\(Format.duration($0)) (p90 \(p90.map(Format.duration) ?? "n/a"))" } ?? "n/a",
            foundation: "none: no notification on Linux",
            ratio: "—",
            target: "< \(Format.count(limit / 1_000)) µs",
            verdict: verdict((median ?? .infinity) < limit, measured: median != nil)
        )
    }

    private func lateCallbacks() -> Row {
        let name = "Prefs.observe-callback"
        let median = results.value(name, .callbacksAfterReturn)
        let p90 = results.value(name, .callbacksAfterReturn, percentile: 90)
        let maximum = results.value(name, .callbacksAfterReturn, percentile: 100)
        let text = [median, p90, maximum].map { $0.map(Format.count) ?? "n/a" }
        return Row(
            benchmark: "\(name): callbacks run after the write returned",
            prefs: "median \(text[0]), p90 \(text[1]), max \(text[2]) per 1,000 writes",
            foundation: "—",
            ratio: "—",
            target: "0 (documented: runs on the writing thread)",
            verdict: verdict(maximum == 0, measured: maximum != nil)
        )
    }

    private func streamFloor() -> Row {
        let prefs = results.value("Prefs.values-wake", .wakeLatency)
        let floor = results.value("Floor.asyncstream-wake", .wakeLatency)
        return Row(
            benchmark: "Prefs.values-wake vs Floor.asyncstream-wake",
            prefs: prefs.map(Format.duration) ?? "n/a",
            foundation: "floor: " + (floor.map(Format.duration) ?? "n/a"),
            ratio: prefs.flatMap { prefs in floor.map { "\(Format.ratio(prefs / $0)) (Prefs / floor)" } } ?? "n/a"
        )
    }

    private func observersWoken() -> Row {
        let name = "Prefs.write-among-1000-observed-keys"
        let median = results.value(name, .observersWoken)
        let minimum = results.value(name, .observersWoken, percentile: 0)
        let maximum = results.value(name, .observersWoken, percentile: 100)
        let text = [median, minimum, maximum].map { $0.map(Format.count) ?? "n/a" }
        return Row(
            benchmark: "\(name): observers woken per write",
            prefs: "\(text[0]) of 1,000 (min \(text[1]), max \(text[2]))",
            foundation: "—",
            ratio: "—",
            target: "exactly 1",
            verdict: verdict(minimum == 1 && maximum == 1, measured: median != nil)
        )
    }

    private func memory(_ name: String) -> [Row] {
        let measures: [(String, Metric, (Double) -> String)] = [
            ("peak resident Δ", .peakMemoryResidentDelta, Format.bytes),
            ("heap bytes held", .memoryLeakedBytes, Format.bytes),
            ("time to fill and read", .wallClock, Format.duration),
        ]
        return measures.map { label, metric, format in
            let prefs = results.value("Prefs.\(name)", metric)
            let foundation = results.value("Foundation.\(name)", metric)
            return Row(
                benchmark: "\(name): \(label)",
                prefs: prefs.map(format) ?? "n/a",
                foundation: foundation.map(format) ?? "n/a",
                ratio: prefs.flatMap { prefs in foundation.map { Format.ratio(prefs / $0) } } ?? "n/a"
            )
        }
    }

    /// Rows for benchmarks added after this table was written (the file store's, say): a timing or latency
    /// row each, paired with the Foundation benchmark of the same name after the first dot.
    private func otherRows() -> [Row] {
        var rows: [Row] = []
        for benchmark in results.benchmarks {
            guard let dot = benchmark.firstIndex(of: ".") else { continue }
            let side = String(benchmark[..<dot])
            let name = String(benchmark[benchmark.index(after: dot)...])
            guard ["Prefs", "FileStore", "UserDefaultsStore", "Postgres"].contains(side),
                !(side == "Prefs" && Self.knownRows.contains(name))
            else {
                continue
            }
            if results.value(benchmark, .wallClock) != nil {
                rows.append(timing(name, side: side))
            } else if let latency = results.value(benchmark, .wakeLatency) {
                rows.append(Row(benchmark: benchmark, prefs: Format.duration(latency), foundation: "—", ratio: "—"))
            }
        }
        return rows
    }

    // MARK: - Cells

    private func timed(_ nanoseconds: Double?, mallocs: Double?) -> String {
        guard let nanoseconds else { return "n/a" }
        return Format.duration(nanoseconds) + (mallocs.map { ", \(Format.count($0)) mallocs" } ?? "")
    }

    private func ratio(_ prefs: Double?, _ foundation: Double?) -> String {
        guard let prefs, let foundation else { return "n/a" }
        return "\(Format.ratio(prefs / foundation)) (\(Format.speed(prefs / foundation)))"
    }

    func verdict(_ met: Bool, measured: Bool) -> String {
        measured ? (met ? "met" : "MISSED") : "not measured"
    }
}
