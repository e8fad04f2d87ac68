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

    /// Writes that wake observers: `writesPerIteration` writes per measured iteration, each one a sample of
    /// `metrics` (custom metrics, one sample per write). The scaling factor stays at one because ordo-one's
    /// exports divide custom metrics by it too.
    static func perWrite(_ metrics: [BenchmarkMetric]) -> Benchmark.Configuration {
        customCounts(metrics, warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 200)
    }

    /// Custom `metrics` only, each sample a plain number (nanoseconds, bytes, a count), with a scaling factor of
    /// one because ordo-one's exports divide custom metrics by it too.
    static func customCounts(
        _ metrics: [BenchmarkMetric], warmupIterations: Int, maxDuration: Duration, maxIterations: Int
    ) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: metrics,
            timeUnits: .nanoseconds,
            units: Dictionary(uniqueKeysWithValues: metrics.map { ($0, .count) }),
            warmupIterations: warmupIterations,
            scalingFactor: .one,
            maxDuration: maxDuration,
            maxIterations: maxIterations
        )
    }

    /// Durable operations of a millisecond or more (a write and `flush()`, opening a file): one per iteration.
    static var durable: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .microseconds,
            units: [.mallocCountTotal: .count],
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .seconds(3),
            maxIterations: 300
        )
    }

    /// A run measured once (a fleet, a storm): one iteration, each sample of `metrics` recorded inside it.
    static func once(_ metrics: [BenchmarkMetric]) -> Benchmark.Configuration {
        customCounts(metrics, warmupIterations: 0, maxDuration: .seconds(600), maxIterations: 1)
    }

    /// How many writes one iteration of a `perWrite` benchmark makes.
    static let writesPerIteration = 1_000

    /// Building a whole container, once per process: memory as the OS and the allocator see it.
    static var memory: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResidentDelta, .memoryLeakedBytes],
            timeUnits: .nanoseconds,
            units: [.mallocCountTotal: .count, .peakMemoryResidentDelta: .count, .memoryLeakedBytes: .count],
            warmupIterations: 0,
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: 1
        )
    }
}

/// Metrics that ordo-one's benchmark does not measure itself.
enum CustomMetrics {
    /// Nanoseconds from the start of a write to the moment an observer runs; one sample per write.
    static var wakeLatency: BenchmarkMetric { .custom("wakeLatencyNanoseconds", useScalingFactor: false) }
    /// Writes, per `writesPerIteration`, whose `observe` callback had not run when the write returned.
    static var callbacksAfterReturn: BenchmarkMetric { .custom("callbacksAfterReturn", useScalingFactor: false) }
    /// How many of the registered observers one write woke.
    static var observersWoken: BenchmarkMetric { .custom("observersWoken", useScalingFactor: false) }
}
