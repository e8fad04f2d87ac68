// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Prefs, kept out of the root package so that `swift test` there stays light.
// Run them from this directory: `./compare.sh` for the table of ratios, or `swift package benchmark`.
let package = Package(
    name: "PrefsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Prefs", path: ".."),
        // Only the malloc interposer: the default traits also pull in a runtime interposer package that is
        // not available everywhere. No jemalloc is needed.
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // Reads the medians that `swift package benchmark --format histogramPercentiles` exports and prints
        // them as one table of Prefs/Foundation ratios (see compare.sh).
        .executableTarget(name: "BenchmarkTable", path: "Sources/BenchmarkTable"),
        // Opens a preferences file and reads every key once, in a fresh process: the `Launch.*` benchmarks start
        // it many times, with Prefs and with UserDefaults.
        .executableTarget(
            name: "PrefsLaunchProbe",
            dependencies: ["CProcessMemory", .product(name: "Prefs", package: "Prefs")],
            path: "Sources/PrefsLaunchProbe",
            plugins: ["LaunchKeys"]
        ),
        // The probe's 10,000 declared keys and the functions that read them, generated at build time.
        .plugin(name: "LaunchKeys", capability: .buildTool(), dependencies: ["LaunchKeysGenerator"]),
        .executableTarget(name: "LaunchKeysGenerator", path: "Sources/LaunchKeysGenerator"),
        // The resident set and the allocator's bytes in use (glibc's mallinfo2 is not in Swift's Glibc module).
        .target(name: "CProcessMemory", path: "Sources/CProcessMemory"),
        // Writes one key many times through the subscript: write-instructions.sh counts its instructions per write.
        .executableTarget(
            name: "PrefsWriteProbe",
            dependencies: [.product(name: "Prefs", package: "Prefs")],
            path: "Sources/PrefsWriteProbe"
        ),
        // One process of a benchmark fleet: many Prefs instances, or plain listening sessions (the floor).
        .executableTarget(
            name: "FleetDriver",
            dependencies: [
                .product(name: "Prefs", package: "Prefs"),
                .product(name: "PrefsPostgres", package: "Prefs"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/FleetDriver"
        ),
    ]
)

// Benchmark targets live in Benchmarks/<Name>/, where ordo-one's plugin looks for them.
package.targets += [
    .executableTarget(
        name: "PrefsBenchmarks",
        dependencies: [
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "Prefs", package: "Prefs"),
            .product(name: "PrefsConfiguration", package: "Prefs"),
            .product(name: "PrefsPostgres", package: "Prefs"),
            .product(name: "PrefsTesting", package: "Prefs"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Benchmarks/PrefsBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
]
