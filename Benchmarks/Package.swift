// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Prefs, kept out of the root package so that `swift test` there stays light.
// Run them from this directory: `swift package benchmark`, or `./compare.sh` for the table of ratios.
let package = Package(
    name: "PrefsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Prefs", path: ".."),
        // The default traits need jemalloc's Swift package, which is not available on every machine;
        // the malloc interposer counts allocations without it.
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: []
)

package.targets += [
    .executableTarget(
        name: "PrefsBenchmarks",
        dependencies: [
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "Prefs", package: "Prefs"),
        ],
        path: "Benchmarks/PrefsBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
]
