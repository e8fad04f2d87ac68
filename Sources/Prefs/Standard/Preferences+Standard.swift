public import Foundation
internal import Logging

extension Preferences {
    private static let standardContainer = Lock<Preferences?>(nil)

    /// Runs `body` with ``standard`` (and so every ``Preference`` wrapper without an explicit
    /// container) bound to `preferences`, in this task and the tasks it creates, and nowhere else:
    /// tests and previews stay isolated from each other, even when they run in parallel.
    ///
    /// ```swift
    /// @MainActor @Test func greetsTheWorld() {
    ///     Preferences.withStandard(Preferences(store: InMemoryPreferenceStore())) {
    ///         Settings.showHelloWorld = true
    ///         #expect(Greeting().message() == "Hello, world!")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - preferences: The container to use.
    ///   - body: The code to run.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withStandard<Result>(_ preferences: Preferences, _ body: () throws -> Result) rethrows -> Result
    {
        try StandardContainers.$current.withValue(
            StandardContainers(standard: preferences, outer: .current), operation: body)
    }

    /// Runs async `body` with ``standard`` bound to `preferences` in this task and its child tasks.
    ///
    /// - Parameters:
    ///   - preferences: The container to use.
    ///   - body: The code to run.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withStandard<Result>(
        _ preferences: Preferences,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await StandardContainers.$current.withValue(
            StandardContainers(standard: preferences, outer: .current), operation: body)
    }

    /// The process-wide container that every ``Preference`` wrapper uses unless told otherwise.
    ///
    /// On Apple platforms it keeps the app's preferences in `UserDefaults.standard`: it is
    /// ``shared(for:)`` of `.standard`, the container that ``Persistence`` properties without a
    /// `store:` use, so existing `@AppStorage` data reads back through declared keys of the same name.
    ///
    /// On Linux it keeps them in a ``FilePreferenceStore`` at
    /// ``FilePreferenceStore/standardURL(appID:)``: `$XDG_CONFIG_HOME/<app>/preferences.json`
    /// (`~/.config/<app>/preferences.json` when the variable is unset), where `<app>` is the bundle
    /// identifier when there is one and the executable's name otherwise.
    ///
    /// Assign another container before first use to keep preferences elsewhere; wrappers without an
    /// explicit container read this property on every access:
    ///
    /// ```swift
    /// Preferences.standard = Preferences(store: try FilePreferenceStore(url: myURL))
    /// ```
    ///
    /// Inside `withStandard` and in a test isolated with PrefsTesting's
    /// `.isolatedPreferences` trait, it is that block's or test's own container, and an assignment replaces that one.
    public static var standard: Preferences {
        get {
            if let task = StandardContainers.current { return task.standard }
            // Built outside the lock (it opens a file and starts watching it); the first published wins.
            return StandardContainers.made(in: standardContainer, by: makeStandard)
        }
        set {
            if let task = StandardContainers.current { return task.standard = newValue }
            standardContainer.withLock { $0 = newValue }
        }
    }

    private static func makeStandard() -> Preferences {
        #if canImport(Darwin)
        return shared(for: .standard)
        #else
        let url = FilePreferenceStore.standardURL()
        do {
            return Preferences(store: try FilePreferenceStore(url: url))
        } catch {
            Logger(label: "Prefs").error(
                "Prefs: cannot use \(url.path) for the standard preferences (\(error)); keeping them in memory only"
            )
            return Preferences(store: InMemoryPreferenceStore())
        }
        #endif
    }
}

extension FilePreferenceStore {
    /// Where ``Preferences/standard`` keeps an app's preferences on Linux, and where a file store of an app's
    /// own preferences goes: `$XDG_CONFIG_HOME/<appID>/preferences.json`, or `~/.config/<appID>/preferences.json`
    /// (on Linux and macOS). On iOS, tvOS, watchOS and visionOS, whose apps may write only inside their container,
    /// `<Application Support>/<appID>/preferences.json`.
    ///
    /// - Parameter appID: The app's name in the path; by default the bundle identifier when there
    ///   is one and the executable's name otherwise.
    /// - Returns: The file's URL.
    public static func standardURL(appID: String? = nil) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let configHome: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            configHome = defaultConfigHome
        }
        let app = appID ?? Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        return configHome.appendingPathComponent(app, isDirectory: true).appendingPathComponent("preferences.json")
    }

    /// `~/.config`; on iOS, tvOS, watchOS and visionOS the app's Application Support folder
    /// (`homeDirectoryForCurrentUser` exists on macOS alone, and the container's top folder is not writable).
    private static var defaultConfigHome: URL {
        #if canImport(Darwin) && !os(macOS)
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        #else
        FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config", isDirectory: true)
        #endif
    }
}
