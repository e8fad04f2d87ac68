// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Prefs",
    // The core's floor: Observation's (see the README's platform table). PrefsConfiguration's API needs
    // swift-configuration's floor, macOS 15 / iOS 18 / tvOS 18 / watchOS 11 / visionOS 2, and says so with @available.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Prefs", targets: ["Prefs"]),
        .library(name: "PrefsConfiguration", targets: ["PrefsConfiguration"]),
        .library(name: "PrefsTesting", targets: ["PrefsTesting"]),
        .library(name: "PrefsCombine", targets: ["PrefsCombine"]),
        .library(name: "PrefsCommand", targets: ["PrefsCommand"]),
        .library(name: "PrefsPostgres", targets: ["PrefsPostgres"]),
        .library(name: "PrefsEditors", targets: ["PrefsEditors"]),
        .library(name: "PrefsConsole", targets: ["PrefsConsole"]),
        .executable(name: "prefs", targets: ["prefs"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // File descriptors, paths and errno for the file store (already in the graph through swift-configuration).
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        // Deque: the delivery queues, first in, first out (already in the graph through swift-nio).
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(
            url: "https://github.com/apple/swift-configuration.git", from: "1.4.0",
            traits: [.defaults, "CommandLineArguments"]
        ),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // The fleet store's metrics and its service for a server's graceful shutdown (postgres-nio depends on both).
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The settings console's HTTP server (PrefsConsole only; the core, PrefsEditors and PrefsCommand never see it).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // Already in the graph through Hummingbird, named for the console's own use: it reads the bound port (NIOCore),
        // runs store calls on NIO's blocking pool (NIOPosix), reads the TLS files (NIOSSL), names header fields
        // (HTTPTypes).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Plugin only: `swift package generate-documentation` (the DocC catalogs; Swift Package Index builds them too).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The core: keys, values, stores, the container, observation, property wrappers, override layers.
        .target(
            name: "Prefs",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // Override layers over swift-configuration's providers (environment, command line) and the store as a
        // provider; swift-configuration's floor, macOS 15 / iOS 18, so kept out of the core.
        .target(
            name: "PrefsConfiguration",
            dependencies: ["Prefs", .product(name: "Configuration", package: "swift-configuration")]
        ),
        // The store conformance suite and test helpers, for users' own tests,
        // and the `.isolatedPreferences` trait of Swift Testing.
        .target(name: "PrefsTesting", dependencies: ["Prefs", .product(name: "Logging", package: "swift-log")]),
        // Combine publishers: Combine on Apple platforms, OpenCombine elsewhere.
        .target(
            name: "PrefsCombine",
            dependencies: [
                "Prefs",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        // An ArgumentParser command that apps embed to read and write their own typed keys.
        .target(
            name: "PrefsCommand",
            dependencies: ["Prefs", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The editor model of each key (control, bounds, allowed values, validation) and its SwiftUI face, with no
        // server dependency, so that an iOS app can use it.
        .target(name: "PrefsEditors", dependencies: ["Prefs"]),
        // The settings console in the browser, on Hummingbird, over the editor model.
        .target(
            name: "PrefsConsole",
            dependencies: [
                "Prefs", "PrefsEditors", "PrefsCommand",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The `prefs` inspector: `defaults` for preference files, UserDefaults domains and PostgreSQL namespaces.
        .executableTarget(
            name: "prefs",
            dependencies: [
                "Prefs", "PrefsCommand", "PrefsPostgres", "PrefsConsole", "PrefsEditors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The fleet store on PostgreSQL, kept out of the core.
        .target(
            name: "PrefsPostgres",
            dependencies: [
                "Prefs",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // The example: an interface module that declares keys, a feature module that reads them
        // without seeing any store, and the executable that decides where they are stored.
        .target(name: "ExampleSettings", dependencies: ["Prefs"], path: "Examples/ExampleSettings"),
        .target(name: "ExampleFeature", dependencies: ["ExampleSettings"], path: "Examples/ExampleFeature"),
        .executableTarget(
            name: "prefs-example",
            dependencies: ["Prefs", "ExampleSettings", "ExampleFeature"],
            path: "Examples/LaunchCounter"
        ),
        // An app that embeds PrefsCommand: `example-app prefs list`, `example-app prefs set theme dark`.
        .executableTarget(
            name: "example-app",
            dependencies: [
                "Prefs", "PrefsCommand", "PrefsConsole", "PrefsConfiguration", "ExampleSettings", "ExampleFeature",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/ExampleApp"
        ),

        // Helpers the test targets share: deadlines, child processes, temporary folders, captured logs.
        .target(
            name: "PrefsTestSupport",
            dependencies: ["Prefs", "PrefsTesting", .product(name: "Logging", package: "swift-log")],
            path: "Tests/PrefsTestSupport"
        ),
        // A child process for the tests: writes, crashes and competes for the same file.
        .executableTarget(name: "PrefsTestHelper", dependencies: ["Prefs"], path: "Tests/PrefsTestHelper"),
        .testTarget(
            name: "PrefsTests",
            dependencies: [
                "Prefs", "PrefsTesting", "PrefsTestSupport", "ExampleSettings", "ExampleFeature", "PrefsTestHelper",
                .product(name: "Logging", package: "swift-log"),
                // The file store's system calls, which the durability tests fail and record.
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "PrefsEditorsTests",
            dependencies: ["Prefs", "PrefsEditors", "PrefsTesting", "PrefsTestSupport", "ExampleSettings"]
        ),
        .testTarget(
            name: "PrefsConsoleTests",
            dependencies: [
                "Prefs", "PrefsEditors", "PrefsConsole", "PrefsTesting", "PrefsTestSupport", "ExampleSettings",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "PrefsConfigurationTests",
            dependencies: [
                "Prefs", "PrefsConfiguration", "PrefsTesting", "PrefsTestSupport",
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        .testTarget(
            name: "PrefsCombineTests",
            dependencies: [
                "Prefs", "PrefsCombine", "PrefsTesting", "PrefsTestSupport",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        .testTarget(
            name: "PrefsCommandTests",
            dependencies: [
                "Prefs", "PrefsCommand", "PrefsConfiguration", "PrefsTesting", "PrefsTestSupport", "prefs",
                "example-app",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A child process for the PostgreSQL store's tests: an instance of a fleet on the test database.
        .executableTarget(
            name: "PrefsPostgresTestHelper",
            dependencies: ["Prefs", "PrefsPostgres", .product(name: "PostgresNIO", package: "postgres-nio")],
            path: "Tests/PrefsPostgresTestHelper"
        ),
        .testTarget(
            name: "PrefsPostgresTests",
            dependencies: [
                "Prefs", "PrefsPostgres", "PrefsTesting", "PrefsTestSupport", "PrefsPostgresTestHelper", "prefs",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
            ],
            // The schemas of earlier releases, run by the upgrade tests.
            exclude: ["Fixtures"]
        ),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
