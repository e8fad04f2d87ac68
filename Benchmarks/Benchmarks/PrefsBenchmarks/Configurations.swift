import Benchmark

/// The configurations the benchmarks share: timing in nanoseconds, counts as plain numbers.
enum Configurations {
    /// Operations of nanoseconds to a few microseconds: 1,000 of them per measured iteration.
    static var perKilo: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            units: [.mallocCountTotal: .count],
            warmupIterations: 10,
            scalingFactor: .kilo,
            maxDuration: .seconds(2),
            maxIterations: 1_000
        )
    }

    /// Operations of microseconds or more that wake observers: one per sample of `metric`, 1,000 per iteration.
    static func latency(_ metric: BenchmarkMetric) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, metric],
            timeUnits: .nanoseconds,
            units: [.mallocCountTotal: .count, metric: .count],
            warmupIterations: 10,
            scalingFactor: .kilo,
            maxDuration: .seconds(2),
            maxIterations: 200
        )
    }

    /// Building a whole container: one per iteration, memory measured by the OS and by the allocator.
    static var memory: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResidentDelta, CustomMetrics.liveHeapBytes],
            timeUnits: .nanoseconds,
            units: [.mallocCountTotal: .count, .peakMemoryResidentDelta: .count, CustomMetrics.liveHeapBytes: .count],
            warmupIterations: 1,
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: 10
        )
    }
}

/// Metrics that ordo-one's benchmark does not measure itself.
enum CustomMetrics {
    /// Nanoseconds from the start of a write to the moment an observer runs; one sample per write.
    static var wakeLatency: BenchmarkMetric { .custom("wakeLatencyNanoseconds", useScalingFactor: false) }
    /// How many of the registered observers one write woke.
    static var observersWoken: BenchmarkMetric { .custom("observersWoken", useScalingFactor: false) }
    /// Heap bytes still allocated once the structure is built (glibc `mallinfo2`), while it is alive.
    static var liveHeapBytes: BenchmarkMetric { .custom("liveHeapBytes", useScalingFactor: false) }
}
