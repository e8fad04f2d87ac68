extension FileSystem {
    /// The folder of a path, worked out from its text (`/a/b/c.json` → `/a/b`, `c.json` → `.`, `/c.json` → `/`): no
    /// file system call, unlike `URL(fileURLWithPath:)`, which asks whether the path is a folder (about 240,000
    /// instructions each), and no `FilePath`, whose debug builds check its invariants on every use (the store's
    /// watchers and pollers call this on every event, from many threads at once).
    static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = withoutTrailingSlashes(trimmed[..<slash])
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of a path (`/a/b/c.json` → `c.json`; `/` → `/`).
    static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/" else { return path }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without the slashes that end it, except a lone `/`.
    private static func withoutTrailingSlashes<Text: StringProtocol>(_ path: Text) -> Text.SubSequence {
        guard !path.isEmpty else { return path[...] }
        var end = path.endIndex
        while end > path.index(after: path.startIndex), path[path.index(before: end)] == "/" {
            end = path.index(before: end)
        }
        return path[..<end]
    }
}
