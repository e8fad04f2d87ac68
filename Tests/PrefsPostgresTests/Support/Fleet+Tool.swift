import Foundation
import PrefsTestSupport

extension Fleet {
    /// The fleet's database as a URL for `prefs --postgres`, without the password.
    func url(sslMode: String = "disable", _ extra: String = "") -> String {
        "postgres://\(server.user)@\(server.host):\(server.port)/\(server.database)?sslmode=\(sslMode)\(extra)"
    }

    /// The environment of a `prefs` child: the password in PGPASSWORD, no password file.
    func toolEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        ["PGPASSWORD": server.password, "PGPASSFILE": "/nonexistent/pgpass", "PGUSER": "", "PGAPPNAME": ""]
            .merging(extra) { $1 }
    }

    /// Runs `prefs ARGUMENTS --postgres URL --namespace NS` to completion.
    func prefs(
        _ arguments: [String],
        url: String? = nil,
        namespace: String? = nil,
        environment: [String: String]? = nil,
        input: Data? = nil
    ) throws -> ToolProcess.Result {
        try ToolProcess.run(
            "prefs", arguments + ["--postgres", url ?? self.url(), "--namespace", namespace ?? self.namespace],
            environment: environment ?? toolEnvironment(), input: input)
    }
}
