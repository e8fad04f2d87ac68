internal import Foundation

/// Files that let others read or replace preferences: a file readable or writable by its group or by others, a
/// folder that others may write in (they could replace the file), and files or folders owned by another user.
package enum FileSafety {
    /// One problem with one file.
    package struct Problem: Sendable, Equatable {
        /// The file or folder.
        package let path: String
        /// What is wrong, and what to do.
        package let problem: String
    }

    /// The problems of preferences files and of the folder that holds them; missing files are skipped.
    ///
    /// - Parameters:
    ///   - files: The files (the preferences file, its lock, damaged copies).
    ///   - folder: Their folder.
    /// - Returns: The problems, files first.
    package static func problems(files: [String], folder: String) -> [Problem] {
        var problems: [Problem] = []
        let me = geteuid()
        for path in files {
            guard let (mode, owner) = status(path) else { continue }
            if mode & 0o077 != 0 {
                let who = [mode & 0o070 != 0 ? "its group" : nil, mode & 0o007 != 0 ? "others" : nil].compactMap { $0 }
                let can = mode & 0o022 != 0 ? "read or change" : "read"
                problems.append(
                    Problem(
                        path: path,
                        problem:
                            "mode \(octal(mode)): \(who.joined(separator: " and ")) can \(can) it; chmod 600 \(path)"))
            }
            if owner != me { problems.append(Problem(path: path, problem: ownerProblem(owner, me))) }
        }
        if let (mode, owner) = status(folder) {
            if mode & 0o022 != 0, mode & 0o1000 == 0 {
                problems.append(
                    Problem(
                        path: folder,
                        problem:
                            "mode \(octal(mode)): others may write in it and replace the file; chmod go-w \(folder)"))
            }
            if owner != me, owner != 0 { problems.append(Problem(path: folder, problem: ownerProblem(owner, me))) }
        }
        return problems
    }

    private static func status(_ path: String) -> (mode: UInt32, owner: UInt32)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 { return nil }
        return (UInt32(info.st_mode) & 0o7777, UInt32(info.st_uid))
    }

    private static func octal(_ mode: UInt32) -> String { "0" + String(mode, radix: 8) }

    private static func ownerProblem(_ owner: UInt32, _ me: UInt32) -> String {
        let name = getpwuid(owner).map { String(cString: $0.pointee.pw_name) } ?? "uid \(owner)"
        return "owned by \(name), not by this user (uid \(me)): its owner can change it, and Prefs may not be able to"
    }
}
