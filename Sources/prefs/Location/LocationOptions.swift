internal import ArgumentParser
internal import Foundation
internal import Prefs

/// `--app ID` or `--file PATH`: which preferences file a command works on.
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

    func validate() throws {
        switch (app, file) {
        case (nil, nil): throw ValidationError("Say which preferences to use: --app ID or --file PATH.")
        case (.some, .some): throw ValidationError("Pass either --app or --file, not both.")
        case (.some(let app), nil) where app.isEmpty || app.contains("/"):
            throw ValidationError(
                "--app takes an app's name (a bundle identifier or an executable's name), not a path.")
        default: break
        }
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
