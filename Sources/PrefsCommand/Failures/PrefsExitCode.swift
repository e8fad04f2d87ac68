/// The exit codes of `prefs` and of `PrefsCommand`, documented in both commands' help.
package enum PrefsExitCode: Int32, CaseIterable, Sendable {
    /// Done.
    case success = 0
    /// The key is not declared by the app, or has no value in the file or namespace.
    case unknownKey = 1
    /// The value does not parse, or is not a valid value of the key's type; an import document is invalid.
    case invalidValue = 2
    /// The preferences file, or the file to import, does not exist; or the database has no such namespace, or no
    /// Prefs tables.
    case missingFile = 3
    /// The preferences file is not a valid preferences file (it is left as it is).
    case corruptFile = 4
    /// The file cannot be read or written: locked by another process past the timeout, permission
    /// denied, a read-only or full disk; or the database cannot be reached, or refuses the role.
    case inaccessibleFile = 5
    /// The command line is wrong (an unknown option, a missing argument).
    case usage = 64

    /// What the code means, for help texts.
    package var meaning: String {
        switch self {
        case .success: "success"
        case .unknownKey: "unknown key: not declared by the app, or not in the file or namespace"
        case .invalidValue: "invalid value: does not parse, or not valid for the key's type"
        case .missingFile: "missing: no preferences file, no file to import, no such namespace or no Prefs tables"
        case .corruptFile: "corrupt file: not a valid preferences file (left untouched)"
        case .inaccessibleFile: "not accessible: file locked or unreadable, database unreachable or refusing the role"
        case .usage: "usage: wrong options or arguments"
        }
    }

    /// The table of codes for a command's discussion; nothing is written when the code is not 0.
    package static var helpText: String {
        "EXIT CODES (nothing is written when the code is not 0):\n"
            + allCases.map { code in
                let number = String(code.rawValue)
                return "  " + number + String(repeating: " ", count: 4 - number.count) + code.meaning
            }.joined(separator: "\n")
    }
}
