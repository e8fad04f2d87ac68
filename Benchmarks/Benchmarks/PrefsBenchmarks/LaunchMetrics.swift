import Benchmark

/// The figures the launch benchmarks record: one sample per probe process and side, and for the times one ratio
/// per pair of processes.
enum LaunchMetrics {
    /// Fifteen pairs of processes (after one pair of warm-up), at most 40 s.
    static var configuration: Benchmark.Configuration {
        let metrics =
            LaunchProbe.Side.allCases.flatMap { side in Figure.allCases.map { metric(side, $0) } }
            + Figure.allCases.filter(\.isTime).flatMap { [ratio($0), ratio($0, .keyPaths)] }
        return Configurations.customCounts(metrics, warmupIterations: 1, maxDuration: .seconds(40), maxIterations: 15)
    }

    /// What a probe process measured, in nanoseconds or bytes.
    enum Figure: String, CaseIterable {
        /// From the probe's first line to its last read: the open and every key read once.
        case openRead = "OpenRead"
        /// From just before the benchmark started the process to its last read: what an app's launch feels.
        case spawnToLastRead = "SpawnToLastRead"
        /// From just before the benchmark started the process to its end (the exit, its flush included).
        case spawnToExit = "SpawnToExit"
        /// Growth of the resident set from the probe's first line to its last read.
        case residentGrowth = "ResidentGrowth"
        /// Growth of the bytes allocated and not freed, over every malloc arena, over the same span.
        case heapGrowth = "HeapGrowth"

        var isTime: Bool { self == .openRead || self == .spawnToLastRead || self == .spawnToExit }
    }

    /// A custom metric such as `prefsOpenReadNanoseconds` or `foundationHeapGrowthBytes`.
    static func metric(_ side: LaunchProbe.Side, _ figure: Figure) -> BenchmarkMetric {
        custom(side.rawValue + figure.rawValue + (figure.isTime ? "Nanoseconds" : "Bytes"))
    }

    /// A side's time over Foundation's in one set of processes, in thousandths, such as
    /// `openReadPrefsOverFoundationPermille` or `openReadKeyPathsOverFoundationPermille`: the sets' median is steadier
    /// than the ratio of the two medians when the machine's load changes during the run.
    static func ratio(_ figure: Figure, _ side: LaunchProbe.Side = .prefs) -> BenchmarkMetric {
        let sideName = side == .keyPaths ? "KeyPaths" : "Prefs"
        return custom(
            figure.rawValue.prefix(1).lowercased() + figure.rawValue.dropFirst() + sideName + "OverFoundationPermille")
    }

    /// Records each side's figures and, for each side that ran beside Foundation, its ratios.
    static func record(_ samples: [LaunchProbe.Side: LaunchProbe.Sample], in benchmark: Benchmark) {
        for (side, sample) in samples {
            for (figure, value) in sample.figures { benchmark.measurement(metric(side, figure), value) }
        }
        guard let foundation = samples[.foundation]?.figures else { return }
        for side in [LaunchProbe.Side.prefs, .keyPaths] {
            guard let figures = samples[side]?.figures else { continue }
            for figure in Figure.allCases where figure.isTime {
                guard let mine = figures[figure], let theirs = foundation[figure], theirs > 0 else { continue }
                benchmark.measurement(ratio(figure, side), mine * 1_000 / theirs)
            }
        }
    }

    private static func custom(_ name: String) -> BenchmarkMetric {
        .custom(name, polarity: .prefersSmaller, useScalingFactor: false)
    }
}
