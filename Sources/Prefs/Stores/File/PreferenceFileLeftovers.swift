package import Foundation

#if canImport(Darwin)
internal import Darwin  // opendir, readdir
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// What a preferences file leaves beside itself: the temporary file of a write that never finished (its process was
/// killed, or the machine lost power, between creating it and renaming it over the file), and the damaged versions
/// the store moved aside. `prefs doctor` lists them; the next write removes the temporary files, and nothing of
/// Prefs ever removes a damaged copy.
package struct PreferenceFileLeftover: Sendable, Equatable {
    /// What the entry is.
    package enum Kind: Sendable, Equatable {
        /// `.<name>.<pid>.<random>.tmp`: the unfinished write of process `pid`.
        case temporary(pid: Int32)
        /// `<name>.corrupt-<timestamp>`: a damaged version, moved aside.
        case damagedCopy
    }

    /// The entry's path.
    package let path: String
    /// What it is.
    package let kind: Kind
    /// Its size in bytes.
    package let size: Int64
    /// When it was last modified.
    package let modified: Date?

    /// The name of the temporary file of a write of `fileName` by process `pid`.
    static func temporaryName(of fileName: String, pid: Int32, random: UInt32) -> String {
        ".\(fileName).\(pid).\(random).tmp"
    }

    /// The process whose unfinished write `entry` is, when it is the temporary file of a write of `fileName`.
    static func temporaryWriter(of entry: String, fileName: String) -> Int32? {
        let prefix = ".\(fileName).", suffix = ".tmp"
        guard entry.hasPrefix(prefix), entry.hasSuffix(suffix), entry.count > prefix.count + suffix.count else {
            return nil
        }
        let middle = entry.dropFirst(prefix.count).dropLast(suffix.count).split(
            separator: ".", omittingEmptySubsequences: false)
        guard middle.count == 2, UInt32(middle[1]) != nil, let pid = Int32(middle[0]) else { return nil }
        return pid
    }

    /// The leftovers beside the file a store opened on `path` writes (the end of its chain of symbolic links).
    ///
    /// - Parameter path: The preferences file, or a link to it.
    /// - Returns: The leftovers, in the order of their names.
    package static func all(besideFileAt path: String) -> [PreferenceFileLeftover] {
        let target = (try? FileSystem.target(of: path)) ?? path
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent(), name = url.lastPathComponent
        let entries = names(in: folder.path, beginningWith: [".\(name).", "\(name).corrupt-"])
        return entries.sorted().compactMap { entry in
            let kind: Kind
            if let pid = temporaryWriter(of: entry, fileName: name) {
                kind = .temporary(pid: pid)
            } else if entry.hasPrefix("\(name).corrupt-") {
                kind = .damagedCopy
            } else {
                return nil
            }
            let entryPath = folder.appendingPathComponent(entry).path
            let attributes = try? FileManager.default.attributesOfItem(atPath: entryPath)
            return PreferenceFileLeftover(
                path: entryPath, kind: kind, size: (attributes?[.size] as? NSNumber)?.int64Value ?? 0,
                modified: attributes?[.modificationDate] as? Date)
        }
    }

    /// The names in `folder` that begin with one of `prefixes`, read with `readdir`: an entry that matches none costs a
    /// comparison of bytes and no allocation, so that every write can look for leftovers even in a folder of thousands
    /// of files (a user's `~/.config`).
    static func names(in folder: String, beginningWith prefixes: [String]) -> [String] {
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }  // "": a relative file's folder
        defer { closedir(directory) }
        let prefixes = prefixes.map { Array($0.utf8CString.dropLast()) }  // without the terminating NUL
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            if prefixes.contains(where: { strncmp(name, $0, $0.count) == 0 }) { names.append(String(cString: name)) }
        }
        return names
    }
}
