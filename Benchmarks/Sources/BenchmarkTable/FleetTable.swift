/// The rows of the fleet benchmarks: latency against the floor at each size, what each instance costs, the load on
/// the database, the write storm, and the container's store reads.
extension ComparisonTable {
    /// The sizes and modes the fleet benchmarks run.
    static let fleetSizes = [10, 100, 300, 1_000]
    static let fleetModes = ["two-sessions", "one-session", "shared-listener"]

    func fleetRows() -> [Row] {
        var rows: [Row] = []
        for size in Self.fleetSizes {
            let floor = "Postgres.floor-\(size)"
            for mode in Self.fleetModes {
                let name = "Postgres.fleet-\(size)-\(mode)"
                guard results.contains(name) else { continue }
                rows.append(latencyAgainstFloor(name, floor: floor))
                rows.append(cost(name, floor: floor))
                rows.append(databaseLoad(name, floor: floor))
            }
            if results.contains(floor),
                !Self.fleetModes.contains(where: { results.contains("Postgres.fleet-\(size)-\($0)") })
            {
                rows.append(latencyAgainstFloor(floor, floor: floor))
            }
        }
        rows += stormRows()
        if results.contains("Postgres.container-reads") {
            let own = results.value("Postgres.container-reads", .readsPerOwnWrite)
            let outside = results.value("Postgres.container-reads", .readsPer1000OutsideChanges)
            rows.append(
                Row(
                    benchmark: "Postgres.container-reads: store reads per write",
                    prefs: "own write \(own.map(Format.count) ?? "n/a"), outside change "
                        + (outside.map { Format.count($0 / 1_000) } ?? "n/a"),
                    foundation: "—", ratio: "—", target: "0 and 0",
                    verdict: verdict(own == 0 && outside == 0, measured: own != nil && outside != nil)))
        }
        return rows
    }

    private func latencyAgainstFloor(_ name: String, floor: String) -> Row {
        let median = results.value(name, .fleetLast)
        let p99 = results.value(name, .fleetLast, percentile: 99)
        let maximum = results.value(name, .fleetLast, percentile: 100)
        let first = results.value(name, .fleetFirst)
        let floorMedian = results.value(floor, .fleetLast)
        let floorP99 = results.value(floor, .fleetLast, percentile: 99)
        let ratios = [(median, floorMedian), (p99, floorP99)].map { prefs, floor in
            prefs.flatMap { prefs in floor.map { prefs / $0 } }
        }
        let show = { (value: Double?) in value.map(Format.duration) ?? "n/a" }
        var row = Row(
            benchmark: "\(name): last instance's observer",
            prefs: "\(show(median)) (p99 \(show(p99)), max \(show(maximum)); first \(show(first)))",
            foundation: "floor: \(show(floorMedian)) (p99 \(show(floorP99)))",
            ratio: "p50 \(ratios[0].map(Format.ratio) ?? "n/a"), p99 \(ratios[1].map(Format.ratio) ?? "n/a")"
        )
        if name != floor {
            row.target = "≤ 1.5× the floor, p50 and p99"
            let measured = ratios.allSatisfy { $0 != nil }
            row.verdict = verdict(ratios.allSatisfy { ($0 ?? .infinity) <= 1.5 }, measured: measured)
        }
        return row
    }

    private func cost(_ name: String, floor: String) -> Row {
        let show = { (benchmark: String) -> String in
            let client = results.value(benchmark, .fleetClientCPU)
            let server = results.value(benchmark, .fleetServerCPU)
            return "client \(client.map(Format.duration) ?? "n/a"), server \(server.map(Format.duration) ?? "n/a")"
        }
        let total = { (benchmark: String) -> Double? in
            results.value(benchmark, .fleetClientCPU).flatMap { client in
                results.value(benchmark, .fleetServerCPU).map { client + $0 }
            }
        }
        return Row(
            benchmark: "\(name): CPU per instance and write",
            prefs: show(name),
            foundation: "floor: " + show(floor),
            ratio: total(name).flatMap { prefs in total(floor).map { Format.ratio(prefs / $0) } } ?? "n/a")
    }

    private func databaseLoad(_ name: String, floor: String) -> Row {
        let connections = results.value(name, .fleetConnections)
        let queue = results.value(name, .fleetNotificationQueue)
        let load = results.value(name, .loadAverage)
        let memory = { (benchmark: String) -> String in
            let client = results.value(benchmark, .fleetClientMemory).map { Format.decimal($0 / 1_048_576, digits: 1) }
            let server = results.value(benchmark, .fleetServerMemory).map { Format.decimal($0 / 1_048_576, digits: 1) }
            return "memory \(client ?? "n/a") MB per instance, \(server ?? "n/a") MB per server session"
        }
        return Row(
            benchmark: "\(name): database load",
            prefs: "\(connections.map(Format.count) ?? "n/a") connections, notification queue "
                + "\(queue.map { Format.count($0 / 1e4) } ?? "n/a") % at most; machine load "
                + (load.map { Format.decimal($0 / 100, digits: 2) } ?? "n/a") + "; " + memory(name),
            foundation: "floor: " + memory(floor), ratio: "—")
    }

    private func stormRows() -> [Row] {
        ["one-namespace", "separate-namespaces"].compactMap { variant in
            let name = "Postgres.storm-100-\(variant)"
            guard results.contains(name) else { return nil }
            let commits = results.value(name, .stormCommits)
            let p50 = results.value(name, .stormFlushP50)
            let p99 = results.value(name, .stormFlushP99)
            let lost = results.value(name, .stormLost)
            let converged = results.value(name, .stormConverged)
            var text =
                "\(commits.map(Format.count) ?? "n/a") commits/s; write+flush p50 "
                + "\(p50.map(Format.duration) ?? "n/a"), p99 \(p99.map(Format.duration) ?? "n/a"); lost "
                + (lost.map(Format.count) ?? "n/a")
            if let converged { text += "; \(Format.count(converged)) of 100 instances see every last value" }
            return Row(
                benchmark: name, prefs: text, foundation: "—", ratio: "—", target: "0 lost",
                verdict: verdict(lost == 0 && (converged ?? 100) == 100, measured: lost != nil))
        }
    }
}
