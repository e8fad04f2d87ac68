// swift-tools-version: 6.1
import PackageDescription

// The check build: Prefs' own sources, compiled on Linux against stand-ins for the Apple modules they import, so that
// every `#if canImport(SwiftUI)`, `canImport(Combine)`, `canImport(Darwin)` and `canImport(ObjectiveC)` branch is
// type-checked here before a user compiles it. Nothing here is shipped or run; `./run.sh` builds it (see "What is
// verified where" in CONTRIBUTING.md).
let package = Package(
    name: "PrefsChecks",
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    ],
    targets: [
        // Prefs' sources by reference: Sources/Prefs, Sources/PrefsCombine and Sources/PrefsEditors are symlinks to
        // ../Sources/….
        .target(
            name: "Prefs",
            dependencies: [
                "StandInSwiftUI", "StandInDarwin", "StandInObjectiveC",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(name: "PrefsCombine", dependencies: ["Prefs", "StandInCombine"]),
        // PrefsEditors' sources by reference (Sources/PrefsEditors is a symlink): its SwiftUI face, PreferencesForm.
        .target(name: "PrefsEditors", dependencies: ["Prefs", "StandInSwiftUI"]),

        // The stand-ins, one per Apple module. Each is built as StandIn<Module> and is <Module> only to Prefs'
        // sources (the aliases below): the dependencies, built in the same build, have `#if canImport(Darwin)`
        // branches of their own and must keep seeing Linux as it is.
        .target(name: "StandInSwiftUI"),
        .target(name: "StandInCombine", dependencies: [.product(name: "OpenCombine", package: "OpenCombine")]),
        .target(name: "StandInDarwin", dependencies: ["StandInDarwinTypes", "StandInDarwinFunctions"]),
        .target(name: "StandInDarwinTypes"),
        .target(name: "StandInDarwinFunctions", dependencies: ["StandInDarwinTypes"]),
        .target(name: "StandInObjectiveC"),
    ]
)

let standIns = ["SwiftUI", "Combine", "Darwin", "ObjectiveC"]
for target in package.targets {
    var flags = ["-warnings-as-errors"]  // every target here is ours: a warning fails the check, and stays failing
    if target.name.hasPrefix("Prefs") {
        flags += standIns.flatMap { ["-module-alias", "\($0)=StandIn\($0)"] }
    }
    // The product's language settings (its Package.swift), and the flags above.
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .unsafeFlags(flags),
    ]
}
