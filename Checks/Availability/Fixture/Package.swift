// swift-tools-version: 6.1
import PackageDescription

// The availability check's self-test (`../run.sh --self-test`): code with planted violations, each next to the correct
// form of the same use, at Prefs' own floor. `expected.txt` lists what the check must report, and nothing else.
let package = Package(
    name: "Planted",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    targets: [.target(name: "Planted")]
)
