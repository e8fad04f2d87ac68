internal import Foundation

/// libpq's password file: `PGPASSFILE`, else `~/.pgpass`. One entry per line,
/// `hostname:port:database:username:password`; `*` matches anything in the first four fields, `\:` and `\\` are a
/// colon and a backslash, lines starting with `#` are comments. The first matching line wins.
///
/// libpq ignores a file that its group or others may read; here that is an error saying how to fix it, since the
/// connection would otherwise fail for a reason nobody sees.
enum PasswordFile {
    /// The password for a connection, or nil when there is no file or no line matches.
    ///
    /// - Parameters:
    ///   - host: The host as given (`localhost` for a Unix socket).
    ///   - port: The port.
    ///   - database: The database.
    ///   - user: The role.
    ///   - environment: Where `PGPASSFILE` and `HOME` are read.
    /// - Returns: The password.
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration` when the file is readable by others.
    static func password(
        host: String,
        port: Int,
        database: String,
        user: String,
        environment: [String: String]
    ) throws -> String? {
        let path =
            environment["PGPASSFILE"]
            ?? environment["HOME"].map { URL(fileURLWithPath: $0).appendingPathComponent(".pgpass").path }
        guard let path, let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw PostgresPreferenceStoreError(
                .invalidConfiguration,
                "the password file \(path) may be read by other users (mode \(String(mode, radix: 8))); "
                    + "make it private with: chmod 600 \(path)")
        }
        let wanted = [host, String(port), database, user]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(of: String(line))
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// A line's fields, split at unescaped colons, with `\:` and `\\` unescaped.
    static func fields(of line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
