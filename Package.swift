// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Prefs",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "Prefs", targets: ["Prefs"]),
        .library(name: "PrefsTesting", targets: ["PrefsTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2")
    ],
    targets: [
        .target(
            name: "Prefs",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "PrefsTesting", dependencies: ["Prefs"]),

        // The example: an interface module that declares keys, a feature module that reads them
        // without seeing any store, and the executable that decides where they are stored.
        .target(name: "ExampleSettings", dependencies: ["Prefs"], path: "Examples/ExampleSettings"),
        .target(name: "ExampleFeature", dependencies: ["ExampleSettings"], path: "Examples/ExampleFeature"),
        .executableTarget(
            name: "prefs-example",
            dependencies: ["Prefs", "ExampleSettings", "ExampleFeature"],
            path: "Examples/LaunchCounter"
        ),

        // A child process for the tests: writes, crashes and competes for the same file.
        .executableTarget(name: "PrefsTestHelper", dependencies: ["Prefs"], path: "Tests/PrefsTestHelper"),
        .testTarget(
            name: "PrefsTests",
            dependencies: [
                "Prefs", "PrefsTesting", "ExampleSettings", "ExampleFeature", "PrefsTestHelper",
                .product(name: "Logging", package: "swift-log"),
            ]
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
