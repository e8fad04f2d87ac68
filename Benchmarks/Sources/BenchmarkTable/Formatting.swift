/// What a metric measures, from its name: ordo-one's names, and custom ones ending in their unit.
enum MetricKind {
    case time
    case bytes
    case count

    init(_ metric: String) {
        switch metric {
        case "wallClock", "cpuUser", "cpuSystem", "cpuTotal": self = .time
        case "peakMemoryResidentDelta", "peakMemoryResident", "memoryLeakedBytes", "mallocBytesCount": self = .bytes
        case _ where metric.hasSuffix("Nanoseconds"): self = .time
        case _ where metric.hasSuffix("Bytes"): self = .bytes
        default: self = .count
        }
    }
}

/// How the table writes numbers.
enum Format {
    /// A value of a metric, in the metric's unit.
    static func value(_ value: Double, metric: String) -> String {
        switch MetricKind(metric) {
        case .time: duration(value)
        case .bytes: bytes(value)
        case .count: count(value)
        }
    }

    /// A duration given in nanoseconds: "212 ns", "1.15 µs", "94.0 ms", "4.62 s".
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: "\(Int(nanoseconds.rounded())) ns"
        case ..<1_000_000: "\(significant(nanoseconds / 1e3)) µs"
        case ..<1_000_000_000: "\(significant(nanoseconds / 1e6)) ms"
        default: "\(significant(nanoseconds / 1e9)) s"
        }
    }

    /// Three significant digits for a value from 1 to 999: "1.15", "30.6", "212".
    static func significant(_ value: Double) -> String {
        switch value {
        case ..<10: decimal(value, digits: 2)
        case ..<100: decimal(value, digits: 1)
        default: "\(Int(value.rounded()))"
        }
    }

    /// A size given in bytes, in MiB.
    static func bytes(_ bytes: Double) -> String { "\(decimal(bytes / 1_048_576, digits: 2)) MiB" }

    /// A count: an integer when it is one, else two decimals.
    static func count(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : decimal(value, digits: 2)
    }

    /// A ratio with three significant digits: "0.192", "6.88", "24.1".
    static func ratio(_ value: Double) -> String {
        switch value {
        case ..<1: decimal(value, digits: 3)
        case ..<10: decimal(value, digits: 2)
        case ..<100: decimal(value, digits: 1)
        default: "\(Int(value.rounded()))"
        }
    }

    /// A target or limit as written in a thresholds file: as short as it is exact ("0.35", "3", "0.093").
    static func limit(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
        return "\(value)"
    }

    /// "5.2× faster" or "1.3× slower", from the ratio new / old of two durations.
    static func speed(_ ratio: Double) -> String {
        ratio <= 1 ? "\(Format.ratio(1 / ratio))× faster" : "\(Format.ratio(ratio))× slower"
    }

    static func decimal(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
