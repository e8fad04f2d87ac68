/// Language features that need a newer Swift runtime than the floor's, which the compiler diagnoses on Apple platforms
/// and never on Linux. The check covers:
///
/// - `isolated deinit`: the Swift 6.1 runtime (macOS 15.4, iOS 18.4, tvOS 18.4, watchOS 11.4, visionOS 2.4).
/// - Function types whose metadata only the Swift 6.0 runtime can build (macOS 15, iOS 18, tvOS 18, watchOS 11,
///   visionOS 2): typed throws other than `any Error` and `Never`, `@isolated(any)`, `nonisolated(nonsending)`. The
///   compiler asks for that runtime where the metadata is built (a stored property, an optional, a generic argument, a
///   cast), and Swift 6.2 missed `nonisolated(nonsending)` there (swiftlang/swift#85017), so the check is stricter:
///   such a function type is allowed only as a parameter's type, where it is passed and called, never reified.
/// - Parameter packs (`each`): the Swift 5.9 runtime (macOS 14, iOS 17, tvOS 17, watchOS 10).
///
/// Each is found in the source (the parse dump for `isolated deinit`, the code without comments and strings for the
/// others) and compared with what the code around it may rely on.
package enum LanguageFeatures {
    static let swift6Runtime = Availability([
        .macOS: .introduced(Version(15)), .iOS: .introduced(Version(18)), .tvOS: .introduced(Version(18)),
        .watchOS: .introduced(Version(11)), .visionOS: .introduced(Version(2)),
    ])
    static let isolatedDeinitRuntime = Availability([
        .macOS: .introduced(Version(15, 4)), .iOS: .introduced(Version(18, 4)), .tvOS: .introduced(Version(18, 4)),
        .watchOS: .introduced(Version(11, 4)), .visionOS: .introduced(Version(2, 4)),
    ])
    static let parameterPackRuntime = Availability([
        .macOS: .introduced(Version(14)), .iOS: .introduced(Version(17)), .tvOS: .introduced(Version(17)),
        .watchOS: .introduced(Version(10)), .visionOS: .introduced(Version(1)),
    ])

    /// The uses of these features in one file that the code around them cannot rely on.
    package static func findings(in file: ParsedFile, floor: Availability) -> [Finding] {
        let code = CodeText(file.source)
        var uses: [(SourcePosition, String, Availability)] = []
        for node in file.dump.subtree where node.kind == "destructor_decl" {
            guard let range = node.range, node.children.contains(where: { $0.kind == "isolated_attr" }) else {
                continue
            }
            uses.append((range.lowerBound, "'isolated deinit'", isolatedDeinitRuntime))
        }
        let scanner = FunctionTypeScanner(code: code.bytes)
        for (offset, feature) in scanner.reifiedFunctionTypes() {
            uses.append(
                (code.position(of: offset), "a function type with \(feature) outside a parameter", swift6Runtime))
        }
        for offset in scanner.parameterPacks() {
            uses.append((code.position(of: offset), "a parameter pack", parameterPackRuntime))
        }
        return uses.compactMap { position, feature, runtime in
            let context = file.regions.availability(at: position, floor: floor)
            let problems = Requirement(runtime).problems(in: context)
            guard !problems.isEmpty else { return nil }
            return Finding(
                file: file.path, position: position,
                message: "\(feature) needs the runtime of \(problems.joined(separator: ", ")); "
                    + "this code may run on \(context)")
        }
    }
}
