import Foundation
import PrefsPostgres
import PrefsTestSupport
import Testing

/// `prefs --postgres`: the password from the URL, `PGPASSWORD` or a password file, never in any output, success or
/// failure; `sslmode` as libpq reads it.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(2))))
struct PrefsToolCredentialsTests {
    @Test func thePasswordNeverAppearsWhereverItComesFromAndWhateverHappens() throws {
        let fleet = try Fleet()
        _ = try fleet.store()
        let password = fleet.server.password
        let wrong = "wrong-\(UUID().uuidString)"
        let directory = try TemporaryDirectory()
        let passFile = try directory.write(
            "# host:port:database:user:password\n127.0.0.1:\(fleet.server.port):*:\(fleet.server.user):\(password)\n",
            to: "pgpass")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passFile.path)
        let withPassword = { (secret: String) in
            "postgres://\(fleet.server.user):\(secret)@127.0.0.1:\(fleet.server.port)/\(fleet.server.database)"
                + "?sslmode=disable"
        }
        let noPassword = ["PGPASSFILE": "/nonexistent/pgpass", "PGPASSWORD": ""]
        let runs: [(String, ToolProcess.Result, Int32)] = [
            ("in the URL", try fleet.prefs(["list"], url: withPassword(password), environment: noPassword), 0),
            ("PGPASSWORD", try fleet.prefs(["list"]), 0),
            (
                "a password file",
                try fleet.prefs(["list"], environment: ["PGPASSFILE": passFile.path, "PGPASSWORD": ""]), 0
            ),
            ("a wrong one in the URL", try fleet.prefs(["list"], url: withPassword(wrong), environment: noPassword), 5),
            ("a wrong PGPASSWORD", try fleet.prefs(["get", "k"], environment: ["PGPASSWORD": wrong]), 5),
            (
                "a URL that does not parse",
                try fleet.prefs(["list"], url: "postgres://u:\(password)@[bad", environment: noPassword),
                64
            ),
            (
                "an unreachable server",
                try fleet.prefs(["set", "k", "1"], url: "postgres://u:\(password)@127.0.0.1:1/x?sslmode=disable"), 5
            ),
        ]
        for (source, result, status) in runs {
            #expect(result.status == status, "\(source): \(result.error)")
            for secret in [password, wrong] {
                #expect(
                    !result.output.contains(secret) && !result.error.contains(secret), "\(source) printed a password")
            }
        }

        // A password file others may read is refused, as libpq ignores it, with the command that fixes it.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passFile.path)
        let shared = try fleet.prefs(["list"], environment: ["PGPASSFILE": passFile.path, "PGPASSWORD": ""])
        #expect(shared.status == 64)
        #expect(shared.error.contains("chmod 600 \(passFile.path)"))
        #expect(!shared.error.contains(password))
    }

    @Test func sslmodeIsHonoured() throws {
        let fleet = try Fleet()
        _ = try fleet.store()
        let certificate = try #require(fleet.server.settings["PREFS_PG_CERTIFICATE"], "the test server has TLS")
        for (mode, encrypted) in [("disable", false), ("require", true), ("prefer", true)] {
            let name = "prefs-tls-\(mode)-\(UUID().uuidString.prefix(6))"
            let watch = try ToolProcess(
                "prefs",
                [
                    "watch", "--postgres", fleet.url(sslMode: mode, "&application_name=\(name)"),
                    "--namespace", fleet.namespace,
                ],
                environment: fleet.toolEnvironment())
            watch.waitFor(errorStream: true) { $0.contains("watching") }
            let ssl = try fleet.server.sql(
                "SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
                    + "WHERE a.application_name = '\(name)'")
            #expect(ssl == (encrypted ? "t" : "f"), "sslmode=\(mode)")
            watch.interrupt()
        }
        // The test server's certificate is self-signed: verify-full trusts it only when told to.
        let untrusted = try fleet.prefs(["list"], url: fleet.url(sslMode: "verify-full"))
        #expect(untrusted.status == 5, "\(untrusted.error)")
        let trusted = try fleet.prefs(["list"], url: fleet.url(sslMode: "verify-full", "&sslrootcert=\(certificate)"))
        #expect(trusted.status == 0, "\(trusted.error)")
        let missing = try fleet.prefs(["list"], url: fleet.url(sslMode: "verify-ca", "&sslrootcert=/nonexistent.pem"))
        #expect(missing.status == 64)
    }
}
