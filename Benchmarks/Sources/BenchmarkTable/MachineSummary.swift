/// What the runs' `machine.txt` files (written by compare.sh) say: the toolchain, the cores and the load average
/// before and after each run.
extension BenchmarkResults {
    /// "2 cores, Swift version 6.3.1 (swift-6.3.1-RELEASE), load average 4.31–7.90", or nil without notes.
    var machineSummary: String? {
        let notes = machineNotes.map(Self.fields)
        guard let first = notes.first else { return nil }
        // The one-minute load average at the start and at the end of every run.
        let loads = notes.flatMap { [$0["load-before"], $0["load-after"]] }.compactMap { $0 }
            .compactMap { Double($0.split(separator: " ").first ?? "") }
        var parts: [String] = []
        if let cores = first["cores"] { parts.append("\(cores) cores") }
        if let swift = first["swift"] { parts.append(swift) }
        if let low = loads.min(), let high = loads.max() {
            parts.append("load average \(Format.decimal(low, digits: 2))–\(Format.decimal(high, digits: 2))")
        }
        return parts.joined(separator: ", ")
    }

    /// The dates of the runs, first to last.
    var runDates: [String] { machineNotes.compactMap { Self.fields($0)["date"] } }

    /// "key value" lines.
    private static func fields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }
}
