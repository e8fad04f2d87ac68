// availability-check: compares the Apple availability of every symbol Prefs' code references with the availability of
// the code that references it. `run.sh` gathers its inputs; see it for the usage.
import AvailabilityCheck
import Foundation

let usage = """
    usage: availability-check --package-json FILE --libindexstore FILE --frontend FILE --symbol-graphs DIR
             --table FILE (--index STORE [--map FROM=TO]...)... (--check PATH | --check-known PATH)...
             [--language-features]
    """

struct Arguments {
    var packageJSON = ""
    var library = ""
    var frontend = ""
    var symbolGraphs: [String] = []
    var table = ""
    var indexes: [(store: String, map: [(from: String, to: String)])] = []
    var checked: [String] = []
    var knownOnly: [String] = []
    var languageFeatures = false

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ option: String) throws -> String {
            guard let value = rest.popFirst() else { throw CheckFailure("\(option) needs a value\n\(usage)") }
            return value
        }
        while let option = rest.popFirst() {
            switch option {
            case "--package-json": packageJSON = try value(option)
            case "--libindexstore": library = try value(option)
            case "--frontend": frontend = try value(option)
            case "--symbol-graphs": symbolGraphs.append(try value(option))
            case "--table": table = try value(option)
            case "--index": indexes.append((try value(option), []))
            case "--map":
                let mapping = try value(option).split(separator: "=", maxSplits: 1).map(String.init)
                guard mapping.count == 2, !indexes.isEmpty else { throw CheckFailure("--map FROM=TO after --index") }
                indexes[indexes.count - 1].map.append((mapping[0], mapping[1]))
            case "--check": checked.append(try value(option))
            case "--check-known": knownOnly.append(try value(option))
            case "--language-features": languageFeatures = true
            default: throw CheckFailure("unknown option \(option)\n\(usage)")
            }
        }
        guard !packageJSON.isEmpty, !library.isEmpty, !frontend.isEmpty, !table.isEmpty, !indexes.isEmpty else {
            throw CheckFailure(usage)
        }
    }
}

/// The Swift files at `path`, a file or a folder searched recursively, as absolute paths.
func swiftFiles(_ path: String) throws -> [String] {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
        throw CheckFailure("\(path) does not exist")
    }
    guard isDirectory.boolValue else { return [absolute] }
    let enumerator = FileManager.default.enumerator(atPath: absolute)
    var files: [String] = []
    while let next = enumerator?.nextObject() as? String {
        if next.hasSuffix(".swift") { files.append(absolute + "/" + next) }
    }
    return files.sorted()
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let floor = try PackageFloor.read(dumpPackageJSON: arguments.packageJSON)
    var graphs = SymbolGraphs()
    for directory in arguments.symbolGraphs { try graphs.load(directory: directory) }
    let checker = Checker(
        floor: floor,
        indexes: try arguments.indexes.map { index in
            IndexInput(store: try IndexStore(path: index.store, library: arguments.library), pathMap: index.map)
        },
        checkedFiles: try arguments.checked.flatMap(swiftFiles),
        knownOnlyFiles: try arguments.knownOnly.flatMap(swiftFiles),
        graphs: graphs, table: try SDKTable(path: arguments.table), parser: SourceParser(frontend: arguments.frontend),
        languageFeatures: arguments.languageFeatures
    )
    let (findings, summary) = try checker.run()
    let here = FileManager.default.currentDirectoryPath + "/"
    for finding in findings {
        print(finding.description.hasPrefix(here) ? String(finding.description.dropFirst(here.count)) : finding)
    }
    for entry in summary.unusedTableEntries {
        print("note: '\(entry)' is in \(arguments.table) but no code uses it any more")
    }
    print(
        "availability: \(summary.files) files, \(summary.references) references to \(summary.symbols) symbols "
            + "(\(summary.fromGraphs) from symbol graphs, \(summary.fromTable) from the SDK table, \(summary.own) "
            + "of the package's own), floor \(floor): \(findings.isEmpty ? "no problems" : "\(findings.count) problems")"
    )
    exit(findings.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("availability-check: \(error)\n".utf8))
    exit(2)
}
