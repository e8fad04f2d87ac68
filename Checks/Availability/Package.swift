// swift-tools-version: 6.1
import PackageDescription

// The availability check: compares every symbol Prefs' code uses with its Apple availability and with the availability
// of the code that uses it (its declarations' `@available`, `if #available`, the package's floor). See `run.sh` and
// the README's "What is verified where". It reads the build's index store through the toolchain's libIndexStore,
// loaded at run time, so it depends on nothing but the toolchain.
let package = Package(
    name: "AvailabilityCheck",
    products: [.executable(name: "availability-check", targets: ["availability-check"])],
    targets: [
        // The few libIndexStore functions the check calls, declared as pointer types and loaded with dlopen.
        .target(name: "CIndexStore", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "AvailabilityCheck", dependencies: ["CIndexStore"]),
        .executableTarget(name: "availability-check", dependencies: ["AvailabilityCheck"]),
        .testTarget(name: "AvailabilityCheckTests", dependencies: ["AvailabilityCheck"]),
    ]
)

for target in package.targets where target.name != "CIndexStore" {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
