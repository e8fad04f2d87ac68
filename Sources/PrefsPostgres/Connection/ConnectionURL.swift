internal import Foundation

/// A libpq connection URI, `postgres[ql]://[user[:password]@][host][:port][/database][?parameter=value&…]`, with
/// libpq's environment variables for what it leaves out. Percent-escapes are decoded; a host in brackets is an IPv6
/// address; a host that starts with `/` is the folder of a Unix socket.
///
/// Error messages never quote the URL: it may hold a password.
struct ConnectionURL: Sendable {
    /// The query parameters understood, as libpq names them.
    static let parameters: Set<String> = [
        "host", "port", "user", "password", "dbname", "sslmode", "sslrootcert", "application_name", "connect_timeout",
    ]

    var host: String
    var port: Int
    var user: String
    /// The password given in the URL or by `PGPASSWORD`; the password file is read later, when it is needed.
    var password: String?
    var database: String
    var sslMode: String
    var sslRootCertificate: String?
    var applicationName: String?
    var connectTimeout: Int?

    /// Parses `text`, filling what it leaves out from libpq's variables in `environment`.
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration`, naming the part that is wrong.
    init(parsing text: String, environment: [String: String]) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else {
            throw Self.invalid("it is not a postgres:// or postgresql:// URL")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard Self.parameters.contains(item.name) else {
                throw Self.invalid(
                    "the parameter '\(item.name)' is not supported; use "
                        + Self.parameters.sorted().joined(separator: ", "))
            }
            query[item.name] = item.value ?? ""
        }
        func setting(_ parameter: String, _ fromURL: String?, _ variable: String) -> String? {
            [query[parameter], fromURL, environment[variable]].compactMap { $0 }.first { !$0.isEmpty }
        }
        var urlHost = components.host
        if let bracketed = urlHost, bracketed.hasPrefix("["), bracketed.hasSuffix("]") {
            urlHost = String(bracketed.dropFirst().dropLast())
        }
        host = setting("host", urlHost, "PGHOST") ?? "localhost"
        let portText = setting("port", components.port.map(String.init), "PGPORT") ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw Self.invalid("the port '\(portText)' is not a port number")
        }
        self.port = port
        guard let user = setting("user", components.user, "PGUSER") ?? Self.systemUserName else {
            throw Self.invalid("it names no user, and the system has no user name: add one, or set PGUSER")
        }
        self.user = user
        password = [query["password"], components.password, environment["PGPASSWORD"]].compactMap { $0 }.first {
            !$0.isEmpty
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = setting("dbname", path, "PGDATABASE") ?? user
        sslMode = setting("sslmode", nil, "PGSSLMODE") ?? "prefer"
        sslRootCertificate = setting("sslrootcert", nil, "PGSSLROOTCERT")
        applicationName = setting("application_name", nil, "PGAPPNAME")
        if let timeout = setting("connect_timeout", nil, "PGCONNECT_TIMEOUT") {
            guard let seconds = Int(timeout), seconds >= 0 else {
                throw Self.invalid("connect_timeout '\(timeout)' is not a number of seconds")
            }
            connectTimeout = seconds
        }
    }

    /// Whether the host names the folder of a Unix socket.
    var isUnixSocket: Bool { host.hasPrefix("/") }

    /// The URL without its password, for messages: `postgres://app@db.internal:5432/app`.
    var redacted: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let user = self.user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? self.user
        let database = self.database.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? self.database
        if isUnixSocket { return "postgres://\(user)@/\(database) (socket in \(host))" }
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }

    /// The name of the user this process runs as, libpq's default role (`ProcessInfo.userName` exists on macOS
    /// alone).
    private static var systemUserName: String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    private static func invalid(_ reason: String) -> PostgresPreferenceStoreError {
        PostgresPreferenceStoreError(.invalidConfiguration, "the connection URL is not valid: \(reason)")
    }
}
