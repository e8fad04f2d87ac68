import Benchmark

let benchmarks: @Sendable () -> Void = {
    Benchmark("Placeholder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(1) }
    }
}
