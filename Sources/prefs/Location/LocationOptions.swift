internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsPostgres

/// `--app ID`, `--file PATH`, `--domain NAME` or `--postgres URL --namespace NS`: which preferences a command works on.
struct LocationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The app whose preferences to use, where Preferences.standard keeps them: "
                + "$XDG_CONFIG_HOME/<id>/preferences.json, else ~/.config/<id>/preferences.json.",
            valueName: "id"
        )
    )
    var app: String?

    @Option(help: ArgumentHelp("A preferences file.", valueName: "path"), completion: .file())
    var file: String?

    @Option(
        help: ArgumentHelp(
            "A UserDefaults domain (a suite name, as UserDefaults(suiteName:) takes it), read and written through "
                + "Prefs' UserDefaults store.",
            valueName: "name"
        )
    )
    var domain: String?

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database shared by a fleet, as a libpq URL (postgres://user@host:port/database?sslmode=…); "
                + "the password from PGPASSWORD or ~/.pgpass when the URL has none. Needs --namespace.",
            valueName: "url"
        )
    )
    var postgres: String?

    @Option(help: ArgumentHelp("The namespace in the --postgres database.", valueName: "name"))
    var namespace: String?

    func validate() throws {
        switch [app, file, domain, postgres].compactMap({ $0 }).count {
        case 0:
            throw ValidationError(
                "Say which preferences to use: --app ID, --file PATH, --domain NAME or --postgres URL --namespace NS.")
        case 1: break
        default: throw ValidationError("Pass one of --app, --file, --domain and --postgres, not several.")
        }
        if postgres != nil {
            guard let namespace, !namespace.isEmpty else {
                throw ValidationError("--postgres needs --namespace NAME: the namespace whose settings to use.")
            }
            do {
                _ = try postgresNamespace(url: postgres!, namespace: namespace)
            } catch let error as PostgresPreferenceStoreError {
                throw ValidationError(error.message)
            }
        } else if namespace != nil {
            throw ValidationError("--namespace goes with --postgres URL.")
        }
        if let app, app.isEmpty || app.contains("/") {
            throw ValidationError(
                "--app takes an app's name (a bundle identifier or an executable's name), not a path.")
        }
        if let domain, domain.isEmpty { throw ValidationError("--domain takes a suite name.") }
    }

    /// The preferences named by the options.
    var preferences: any PreferenceLocation {
        get throws {
            if let postgres, let namespace { return try postgresNamespace(url: postgres, namespace: namespace) }
            if let domain { return PreferenceFile(domain: domain) }
            return PreferenceFile(url: url)
        }
    }

    /// The PostgreSQL namespace named by the options, or nil when they name a file or domain.
    var postgresNamespace: PostgresNamespace? {
        get throws {
            guard let postgres, let namespace else { return nil }
            return try postgresNamespace(url: postgres, namespace: namespace)
        }
    }

    private func postgresNamespace(url: String, namespace: String) throws -> PostgresNamespace {
        try PostgresNamespace(url: url, namespace: namespace, environment: ProcessInfo.processInfo.environment)
    }

    /// The file named by the options.
    var url: URL {
        if let file { return URL(fileURLWithPath: file).standardizedFileURL }
        return FilePreferenceStore.standardURL(appID: app)
    }
}

/// `--lock-timeout SECONDS`: how long a write or a watch waits for another process's lock.
struct LockOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Seconds to wait while another process holds the file's lock before failing with exit code 5.",
            valueName: "seconds"
        )
    )
    var lockTimeout: Double = 5

    func validate() throws {
        guard lockTimeout >= 0, lockTimeout.isFinite else {
            throw ValidationError("--lock-timeout takes a number of seconds, 0 or more.")
        }
    }

    /// The timeout as a duration.
    var duration: Duration { .milliseconds(Int64((lockTimeout * 1000).rounded())) }
}
