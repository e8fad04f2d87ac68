internal import Foundation

/// What a symbol requires on the Apple platforms: where it is introduced or unavailable, and where it was removed.
package struct Requirement: Hashable, Sendable {
    package var availability: Availability
    package var obsoleted: [ApplePlatform: Version]

    package init(_ availability: Availability, obsoleted: [ApplePlatform: Version] = [:]) {
        self.availability = availability.inferringVisionOS
        self.obsoleted = obsoleted
    }

    /// What code with the availability `context` lacks to use the symbol, one phrase per platform ("macOS 15",
    /// "iOS: unavailable", "macOS: obsoleted in 12"), empty when it may.
    package func problems(in context: Availability) -> [String] {
        var problems = context.shortfalls(for: availability).map { platform, needed in
            needed.map { "\(platform.rawValue) \($0)" } ?? "\(platform.rawValue): unavailable"
        }
        for (platform, version) in obsoleted.sorted(by: { $0.key < $1.key }) {
            if case .introduced(let here)? = context.platforms[platform], here >= version {
                problems.append("\(platform.rawValue): obsoleted in \(version)")
            }
        }
        return problems
    }
}

/// A symbol of a dependency or of the SDK, as its module's symbol graph describes it.
package struct KnownSymbol: Sendable {
    /// The module that declares it (the first name of `Module@Extended.symbols.json`).
    package let module: String
    /// Its path in the module, such as `UserDefaults.init(suiteName:)`.
    package let path: String
    /// Its Apple availability; empty where the graph gives none (available wherever the module is).
    package let requirement: Requirement
}

/// Symbol graphs (`swift symbolgraph-extract` output) by USR: the symbols that Prefs' code references, with the
/// availability their modules declare (swift-configuration's `@available(Configuration 1.0, *)` arrives expanded).
package struct SymbolGraphs: Sendable {
    package private(set) var symbols: [String: KnownSymbol] = [:]
    package private(set) var modules: Set<String> = []

    package init() {}

    /// Loads every `*.symbols.json` in `directory`.
    package mutating func load(directory: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
            $0.hasSuffix(".symbols.json")
        }
        for file in files.sorted() { try load(file: directory + "/" + file) }
    }

    /// Loads one symbol graph file.
    package mutating func load(file: String) throws {
        let name = (file as NSString).lastPathComponent
        let module = String(name.prefix { $0 != "@" && $0 != "." })
        let graph: Graph
        do {
            graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw CheckFailure("cannot read the symbol graph \(file): \(error)")
        }
        modules.insert(module)
        for symbol in graph.symbols {
            symbols[symbol.identifier.precise] = KnownSymbol(
                module: module, path: symbol.pathComponents.joined(separator: "."), requirement: symbol.requirement)
        }
    }

    private struct Graph: Decodable {
        let symbols: [Symbol]
    }

    private struct Symbol: Decodable {
        struct Identifier: Decodable { let precise: String }
        struct SemanticVersion: Decodable {
            let major: Int
            let minor: Int?
            let patch: Int?
            var version: Version { Version(major, minor ?? 0, patch ?? 0) }
        }
        struct Item: Decodable {
            let domain: String?
            let introduced: SemanticVersion?
            let obsoleted: SemanticVersion?
            let isUnconditionallyUnavailable: Bool?
        }

        let identifier: Identifier
        let pathComponents: [String]
        let availability: [Item]?

        var requirement: Requirement {
            var availability = Availability()
            var obsoleted: [ApplePlatform: Version] = [:]
            for item in self.availability ?? [] {
                guard let platform = ApplePlatform(name: item.domain ?? "") else { continue }
                if item.isUnconditionallyUnavailable == true {
                    availability.platforms[platform] = .unavailable
                } else if let introduced = item.introduced {
                    availability.platforms[platform] = .introduced(introduced.version)
                }
                if let removed = item.obsoleted { obsoleted[platform] = removed.version }
            }
            return Requirement(availability, obsoleted: obsoleted)
        }
    }
}
