/// The arguments after the program's name, taken option by option; what is left are the run directories.
struct CommandLineArguments {
    private(set) var remaining: [String]

    init(_ arguments: [String]) { remaining = arguments }

    /// Whether the flag was given; removes it.
    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// The value after the option, if given; removes both.
    mutating func value(of name: String) -> String? {
        guard let index = remaining.firstIndex(of: name), index + 1 < remaining.count else { return nil }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }
}
