internal import Foundation

/// The Apple availability of the SDK APIs that Prefs uses, for the modules whose Apple availability is not on a Linux
/// machine (Foundation, Dispatch, Combine, SwiftUI, ObjectiveC, Darwin and C): one line a symbol, copied from its page
/// on developer.apple.com. A symbol of these modules that is not in the table fails the check.
///
/// ```text
/// @module Foundation Foundation FoundationEssentials FoundationInternationalization
/// # module   symbol                                   macOS  iOS  tvOS  watchOS  visionOS  page
/// Foundation UserDefaults.init(suiteName:)            10.9   7.0  9.0   2.0      1.0       foundation/userdefaults/init(suitename:)
/// Foundation FileManager.homeDirectoryForCurrentUser  10.12  -    -     -        -         foundation/filemanager/homedirectoryforcurrentuser
/// ```
///
/// `@module` lines name the modules (as built here: Linux's, or the check build's stand-ins) whose symbols are the
/// Apple module's; `<C>` stands for C declarations. `-` means unavailable on that platform.
package struct SDKTable: Sendable {
    package struct Entry: Sendable {
        package let requirement: Requirement
        package let line: Int
    }

    /// Apple module by the module name as built here.
    package private(set) var appleModule: [String: String] = [:]
    package private(set) var entries: [String: Entry] = [:]  // "Module Symbol"
    package let path: String

    /// The pseudo-module of C declarations, which the index store names by `c:` USRs.
    package static let cModule = "<C>"

    /// Reads the table at `path`.
    package init(path: String) throws {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else { throw CheckFailure("cannot read \(path)") }
        let platforms: [ApplePlatform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS]
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            if first == "@module" {
                guard fields.count >= 3 else { throw CheckFailure("\(path):\(index + 1): @module APPLE LOCAL…") }
                for local in fields.dropFirst(2) { appleModule[local] = fields[1] }
                continue
            }
            guard fields.count == 8 else {
                throw CheckFailure("\(path):\(index + 1): expected module, symbol, 5 versions and a page")
            }
            var availability = Availability()
            for (platform, text) in zip(platforms, fields[2...6]) {
                if text == "-" {
                    availability.platforms[platform] = .unavailable
                } else if let version = Version(text) {
                    availability.platforms[platform] = .introduced(version)
                } else {
                    throw CheckFailure("\(path):\(index + 1): '\(text)' is not a version or '-'")
                }
            }
            let key = "\(fields[0]) \(fields[1])"
            guard entries[key] == nil else { throw CheckFailure("\(path):\(index + 1): \(key) is listed twice") }
            entries[key] = Entry(requirement: Requirement(availability), line: index + 1)
        }
    }

    /// The entry of a symbol of `appleModule`.
    package func entry(module appleModule: String, symbol: String) -> Entry? {
        entries["\(appleModule) \(symbol)"]
    }

    /// The name a C declaration goes by in the table, from its USR: `open`, `stat.st_mode`, `O_CLOEXEC`.
    package static func cName(usr: String, name: String) -> String {
        let parts = usr.dropFirst(2).split(separator: "@").map(String.init)
        switch parts.first {
        case "F", "macro", "T": return parts.last ?? name
        case "S", "U":
            // c:@S@stat@FI@st_mode → stat.st_mode; c:@S@stat → stat
            return parts.enumerated().filter { $0.offset % 2 == 1 }.map(\.element).joined(separator: ".")
        case "E", "Ea": return parts.last ?? name
        default: return name
        }
    }
}
