import Benchmark

/// Every benchmark of Prefs, each next to its Foundation twin; `compare.sh` prints them as one table of ratios.
let benchmarks: @Sendable () -> Void = {
    readBenchmarks()
    writeBenchmarks()
    observerBenchmarks()
    overDependenceBenchmarks()
    launchBenchmarks()
    launchInstructionBenchmarks()
    outsideChangeBenchmarks()
    localWriteBenchmarks()
    memoryBenchmarks()
    fileStoreBenchmarks()
    postgresBenchmarks()
    fleetBenchmarks()
}
