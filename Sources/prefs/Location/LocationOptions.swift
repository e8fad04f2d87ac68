internal import ArgumentParser
internal import Foundation
internal import Prefs

/// `--app ID`, `--file PATH` or `--domain NAME`: which preferences a command works on.
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

    func validate() throws {
        switch [app, file, domain].compactMap({ $0 }).count {
        case 0: throw ValidationError("Say which preferences to use: --app ID, --file PATH or --domain NAME.")
        case 1: break
        default: throw ValidationError("Pass one of --app, --file and --domain, not several.")
        }
        if let app, app.isEmpty || app.contains("/") {
            throw ValidationError(
                "--app takes an app's name (a bundle identifier or an executable's name), not a path.")
        }
        if let domain, domain.isEmpty { throw ValidationError("--domain takes a suite name.") }
    }

    /// The preferences named by the options.
    var preferences: PreferenceFile {
        if let domain { return PreferenceFile(domain: domain) }
        return PreferenceFile(url: url)
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
