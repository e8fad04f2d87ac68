internal import SystemPackage

/// Symbolic links: a preferences file that is a link (into a dotfiles repository, say) is written through, never
/// replaced by a regular file.
///
/// - The file written is the end of the chain of links, with relative links resolved against the folder of the link
///   that holds them; its temporary file, lock file and damaged copies are made beside it, in its folder.
/// - A dangling link gets its target created, as a shell's `>` would, when the target's folder exists; otherwise the
///   write fails with an error naming the link and the missing folder.
/// - A loop of links, or a chain longer than ``maximumLinks``, is an error naming the links.
extension FileSystem {
    /// The most links followed before a chain counts as a loop: Linux's own limit.
    static let maximumLinks = 40

    /// The paths from `path` to the entry its links lead to: `[path]` when it is not a symbolic link, otherwise
    /// `path`, every link after it, and the final path, which may not exist (a dangling link).
    ///
    /// - Throws: A ``FilePreferenceStoreError`` of operation `resolveLink` for a loop or an unreadable link.
    static func linkChain(_ path: String) throws -> [String] {
        var chain = [path]
        while true {
            let current = chain[chain.count - 1]
            // One `readlink`, which fails for anything but a link (Foundation's `destinationOfSymbolicLink` made an
            // error object for every file that is not a link).
            guard let destination = linkDestination(of: current) else { return chain }
            guard chain.count <= maximumLinks else {
                throw FilePreferenceStoreError(
                    operation: .resolveLink, path: path,
                    reason: "more than \(maximumLinks) symbolic links in a row: \(describe(chain))")
            }
            let next =
                destination.hasPrefix("/")
                ? destination : folder(of: current) + "/" + destination
            if chain.contains(next) {
                throw FilePreferenceStoreError(
                    operation: .resolveLink, path: path, reason: "a loop of symbolic links: \(describe(chain + [next]))"
                )
            }
            chain.append(next)
        }
    }

    /// The file that reading or replacing `path` concerns: `path` itself when it is not a symbolic link, otherwise
    /// the end of its chain, in its folder's real path (`/home/me/dotfiles/app/preferences.json`).
    ///
    /// - Throws: A ``FilePreferenceStoreError`` for a loop of links.
    static func target(of path: String) throws -> String {
        let chain = try linkChain(path)
        guard chain.count > 1 else { return path }
        let end = chain[chain.count - 1]
        guard let resolved = realPath(of: folder(of: end)) else { return end }
        return (resolved == "/" ? "" : resolved) + "/" + name(of: end)
    }

    /// The file to replace for `path`, which must be creatable: ``target(of:)``, checked to have a folder.
    ///
    /// - Throws: A ``FilePreferenceStoreError`` for a loop, or a link whose target's folder does not exist.
    static func writableTarget(of path: String) throws -> String {
        let target = try target(of: path)
        if target != path, realPath(of: folder(of: target)) == nil {
            throw FilePreferenceStoreError(
                operation: .resolveLink, path: path,
                reason: "it is a symbolic link to \(target), whose folder does not exist; create the folder, or "
                    + "point the link elsewhere")
        }
        return target
    }

    /// The error for an `open` of `path` that failed with `failure`: for a loop of links (`ELOOP`), one that shows the
    /// loop.
    static func openError(
        _ operation: FilePreferenceStoreError.Operation, _ path: String, _ failure: Errno
    ) -> FilePreferenceStoreError {
        let plain = error(operation, path, failure)
        guard failure == .tooManySymbolicLinkLevels else { return plain }
        do {
            _ = try linkChain(path)
            return plain
        } catch let loop as FilePreferenceStoreError {
            return loop
        } catch {
            return plain
        }
    }

    private static func describe(_ chain: [String]) -> String { chain.joined(separator: " → ") }
}

extension FilePreferenceStore {
    /// The file a store opened on `path` reads and writes: `path` itself, or the end of its chain of symbolic links.
    /// `package` for the `prefs` tool, which reports links and their loops as the store treats them.
    ///
    /// - Parameter path: The preferences file, or a link to it.
    /// - Returns: The path of the file, which may not exist (a dangling link).
    /// - Throws: ``FilePreferenceStoreError`` for a loop of links.
    package static func resolvedPath(of path: String) throws -> String { try FileSystem.target(of: path) }
}
