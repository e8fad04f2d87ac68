internal import Foundation

/// What the check found wrong at one place of Prefs' code.
package struct Finding: Hashable, Sendable, CustomStringConvertible {
    package let file: String
    package let position: SourcePosition
    package let message: String

    package var description: String { "\(file):\(position): error: \(message)" }
}

/// An index store and how its paths map to the repository's (the check build compiles Prefs' sources through
/// symlinks, `Checks/Sources/Prefs` for `Sources/Prefs`).
package struct IndexInput {
    package let store: IndexStore
    package let pathMap: [(from: String, to: String)]

    package init(store: IndexStore, pathMap: [(from: String, to: String)]) {
        self.store = store
        self.pathMap = pathMap
    }

    func repositoryPath(_ path: String) -> String {
        for (from, to) in pathMap where path.hasPrefix(from) { return to + path.dropFirst(from.count) }
        return path
    }
}

/// Compares every symbol that Prefs' code references with what the code around the reference may rely on.
package struct Checker {
    /// The package's floor (`platforms:` in Package.swift).
    package var floor: Availability
    /// Index stores, first the one that wins for a file both compile (the check build, which compiles the Apple
    /// branches).
    package var indexes: [IndexInput]
    /// The source files whose every reference must have a known Apple availability.
    package var checkedFiles: [String]
    /// The source files whose references are compared only where their availability is known (tests: the SDK table
    /// does not list what only they use).
    package var knownOnlyFiles: [String]
    package var graphs: SymbolGraphs
    package var table: SDKTable
    package var parser: SourceParser
    /// Whether to look for language features whose runtime support is newer than the floor (``LanguageFeatures``).
    package var languageFeatures: Bool

    package init(
        floor: Availability, indexes: [IndexInput], checkedFiles: [String], knownOnlyFiles: [String],
        graphs: SymbolGraphs, table: SDKTable, parser: SourceParser, languageFeatures: Bool
    ) {
        self.floor = floor
        self.indexes = indexes
        self.checkedFiles = checkedFiles
        self.knownOnlyFiles = knownOnlyFiles
        self.graphs = graphs
        self.table = table
        self.parser = parser
        self.languageFeatures = languageFeatures
    }

    /// What the run looked at, for its last line.
    package struct Summary: Sendable {
        package var files = 0
        package var references = 0
        package var symbols = 0
        package var fromGraphs = 0
        package var fromTable = 0
        package var own = 0
        /// Entries of the SDK table that no reference used: uses that went away, to be removed from the table.
        package var unusedTableEntries: [String] = []
    }

    /// Runs the check.
    package func run() throws -> (findings: [Finding], summary: Summary) {
        let files = checkedFiles + knownOnlyFiles
        let knownOnly = Set(knownOnlyFiles)
        // The latest unit of each file, from the first store that compiled it.
        var occurrencesByFile: [String: [Occurrence]] = [:]
        var ourModules: Set<String> = []
        for input in indexes {
            var seen: Set<String> = []
            for unit in try input.store.units() {
                let file = input.repositoryPath(unit.mainFile)
                guard files.contains(file), occurrencesByFile[file] == nil, seen.insert(file).inserted else { continue }
                try Self.requireCurrent(file, indexedAt: unit.modified)
                ourModules.insert(unit.moduleName)
                occurrencesByFile[file] = try unit.records.flatMap { try input.store.occurrences(inRecord: $0) }
            }
        }
        if let missing = files.first(where: { occurrencesByFile[$0] == nil }) {
            throw CheckFailure("\(missing) is in no index store: build the package (and Checks/) first")
        }
        let parsed = try parser.parse(files)
        let regions = parsed.mapValues(\.regions)

        // Where each of our symbols is defined: its availability is that of its definition's place.
        var definitions: [String: (file: String, position: SourcePosition)] = [:]
        for (file, occurrences) in occurrencesByFile {
            for occurrence in occurrences where occurrence.roles & Occurrence.definition != 0 {
                let position = SourcePosition(line: occurrence.line, column: occurrence.column)
                if definitions[occurrence.symbol.usr] == nil { definitions[occurrence.symbol.usr] = (file, position) }
            }
        }

        var findings: Set<Finding> = []
        var summary = Summary(files: files.count)
        var symbols: Set<String> = []
        var usedTableEntries: Set<String> = []
        for file in files.sorted() {
            for occurrence in occurrencesByFile[file]! where Self.isChecked(occurrence) {
                let position = SourcePosition(line: occurrence.line, column: occurrence.column)
                let symbol = occurrence.symbol
                summary.references += 1
                let resolved: (name: String, module: String, requirement: Requirement)
                if let definition = definitions[symbol.usr] {
                    let own = regions[definition.file]!.availability(at: definition.position, floor: Availability())
                    resolved = (symbol.name, "", Requirement(own))
                    if symbols.insert(symbol.usr).inserted { summary.own += 1 }
                } else {
                    switch lookup(symbol, ourModules: ourModules) {
                    case .found(let name, let module, let requirement, let fromTable):
                        resolved = (name, module, requirement)
                        if fromTable { usedTableEntries.insert("\(module) \(name)") }
                        if symbols.insert(symbol.usr).inserted {
                            if fromTable { summary.fromTable += 1 } else { summary.fromGraphs += 1 }
                        }
                    case .omitted:
                        continue
                    case .unknown(let problem):
                        if !knownOnly.contains(file) {
                            findings.insert(Finding(file: file, position: position, message: problem))
                        }
                        continue
                    }
                }
                let context = regions[file]!.availability(at: position, floor: floor)
                let problems = resolved.requirement.problems(in: context)
                guard !problems.isEmpty else { continue }
                let module = resolved.module.isEmpty ? "" : " (\(resolved.module))"
                findings.insert(
                    Finding(
                        file: file, position: position,
                        message: "'\(resolved.name)'\(module) needs \(problems.joined(separator: ", ")); "
                            + "this code may run on \(context)"))
            }
        }
        summary.symbols = symbols.count
        summary.unusedTableEntries = table.entries.keys.filter { !usedTableEntries.contains($0) }.sorted()
        if languageFeatures {
            for file in checkedFiles { findings.formUnion(LanguageFeatures.findings(in: parsed[file]!, floor: floor)) }
        }
        let sorted = findings.sorted { ($0.file, $0.position, $0.message) < ($1.file, $1.position, $1.message) }
        return (sorted, summary)
    }

    enum Lookup {
        case found(name: String, module: String, requirement: Requirement, fromTable: Bool)
        case omitted
        case unknown(String)
    }

    /// The availability of a symbol that Prefs does not define.
    func lookup(_ symbol: Occurrence.Symbol, ourModules: Set<String>) -> Lookup {
        if let known = graphs.symbols[symbol.usr] {
            guard let apple = table.appleModule[known.module] else {
                return .found(name: known.path, module: known.module, requirement: known.requirement, fromTable: false)
            }
            return fromTable(module: apple, name: known.path)
        }
        if symbol.usr.hasPrefix("c:"), let apple = table.appleModule[SDKTable.cModule] {
            return fromTable(module: apple, name: SDKTable.cName(usr: symbol.usr, name: symbol.name))
        }
        if symbol.usr.hasPrefix("s:So"), let apple = table.appleModule[SDKTable.cModule] {
            // A member Swift gives an imported C type (`stat()`, its zero initializer): `stat.init()`.
            let mangled = symbol.usr.dropFirst(4)
            let digits = mangled.prefix { $0.isNumber }
            let typeName = mangled.dropFirst(digits.count).prefix(Int(digits) ?? 0)
            return fromTable(module: apple, name: "\(typeName).\(symbol.name)")
        }
        if symbol.usr.hasPrefix("s:"), let module = Self.module(ofUSR: symbol.usr),
            ourModules.contains(module) || graphs.modules.contains(module) && Self.isUnderscored(symbol.usr)
        {
            // What no symbol graph shows: a member the compiler synthesizes for Prefs' own types (a memberwise or
            // Codable initializer), or a dependency's underscored declaration (`_OptionalNilComparisonType`, behind
            // `x != nil`). It is as available as what spells it, which is checked.
            return .omitted
        }
        if symbol.usr.hasPrefix("s:"), let module = Self.module(ofUSR: symbol.usr), !module.isEmpty {
            return .unknown(
                "'\(symbol.name)' comes from \(module), whose symbol graph was not extracted (\(symbol.usr))")
        }
        return .unknown("no Apple availability is known for '\(symbol.name)' (\(symbol.usr))")
    }

    private func fromTable(module: String, name: String) -> Lookup {
        guard let entry = table.entry(module: module, symbol: name) else {
            return .unknown(
                "'\(name)' (\(module)) is not in \(table.path): add it with the availability its page on "
                    + "developer.apple.com gives")
        }
        return .found(name: name, module: module, requirement: entry.requirement, fromTable: true)
    }

    /// References to symbols, not their declarations, nor locals, parameters, modules or accessors (the property's
    /// own reference is there too).
    static func isChecked(_ occurrence: Occurrence) -> Bool {
        let symbol = occurrence.symbol
        // `for await` calls `next(isolation:)` where it is available and `next()` below it: the compiler chooses by
        // the platform, the index records the choice made for Linux.
        if occurrence.roles & Occurrence.implicit != 0, symbol.name == "next(isolation:)" { return false }
        return occurrence.roles & Occurrence.reference != 0
            && occurrence.roles & (Occurrence.definition | Occurrence.declaration) == 0
            && symbol.kind != Occurrence.moduleKind && symbol.kind != Occurrence.parameterKind
            && symbol.properties & Occurrence.localProperty == 0
            && !Occurrence.accessorSubkinds.contains(symbol.subkind) && symbol.subkind != Occurrence.genericParameter
    }

    /// Whether a Swift USR names a declaration inside an underscored one (`s:s26_OptionalNilComparisonType…`), which
    /// symbol graphs leave out.
    static func isUnderscored(_ usr: String) -> Bool {
        usr.contains(/[0-9]_/)
    }

    /// The module a Swift USR starts with: `s:13Configuration…` is Configuration's, `s:Si` the standard library's.
    static func module(ofUSR usr: String) -> String? {
        let mangled = usr.dropFirst(2)
        let digits = mangled.prefix { $0.isNumber }
        if let length = Int(digits), length > 0 { return String(mangled.dropFirst(digits.count).prefix(length)) }
        // Standard substitutions: `s` is the Swift module, `Sc…` a concurrency type, `S…` a standard library type.
        if mangled.hasPrefix("Sc") { return "_Concurrency" }
        if mangled.first == "s" || mangled.first == "S" { return "Swift" }
        return nil
    }

    /// Fails when a source file changed after the index recorded it.
    static func requireCurrent(_ file: String, indexedAt indexed: Double) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        guard let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 else { return }
        if modified > indexed + 1 {
            throw CheckFailure("\(file) changed after it was indexed: build again before checking")
        }
    }
}
