// swift-tools-version: 6.0
// Complete form of samples in: Sources/Prefs/Prefs.docc/TestingWithPrefs.md, Sources/PrefsTesting/PrefsTesting.docc/PrefsTesting.md
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "../Prefs")],
    targets: [
        .target(name: "App", dependencies: [.product(name: "Prefs", package: "Prefs")]),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", .product(name: "PrefsTesting", package: "Prefs")]
        )
    ]
)

let sameInOneLine: [Target] = [
    .testTarget(name: "AppTests", dependencies: ["App", .product(name: "PrefsTesting", package: "Prefs")])
]
