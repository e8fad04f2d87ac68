internal import Foundation
public import Logging
internal import Prefs

/// Runs `body` with preferences of its own: `Preferences.standard` is a new container, and `Persistence`
/// properties without a `store:` use a new `UserDefaults` suite, in this task and the tasks it creates; both are
/// made the first time `body` uses them and removed when it returns. What the `.isolatedPreferences` trait does
/// for each test, for test code that does not use the trait (XCTest, a helper).
///
/// ```swift
/// func testGreeting() {
///     withIsolatedPreferences {
///         Settings.showHelloWorld = true            // the test's own Preferences.standard
///         XCTAssertEqual(Greeting().message(), "Hello, world!")
///     }
/// }
/// ```
///
/// `Preferences.standard` is what it is in the app: on Apple platforms the container of the test's suite (the one
/// `@Persistence` uses too), on Linux a `FilePreferenceStore` in a temporary folder. `UserDefaults.standard`
/// itself cannot be replaced: code that writes it directly is not isolated, and a warning names the keys it changed
/// (see ``IsolatedPreferencesTrait``).
///
/// - Parameters:
///   - name: What to call the isolated run in the warning (a test's name).
///   - logger: Where the warning about direct writes to `UserDefaults.standard` goes.
///   - body: The code to run.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withIsolatedPreferences<Result>(
    name: String = "an isolated block",
    logger: Logger = Logger(label: "PrefsTesting.isolatedPreferences"),
    _ body: () async throws -> Result
) async rethrows -> Result {
    let isolation = IsolatedPreferences()
    let before = IsolatedPreferences.standardDefaults()
    defer {
        isolation.remove()
        IsolatedPreferences.reportDirectWrites(since: before, in: name, to: logger)
    }
    return try await StandardContainers.$current.withValue(isolation.containers, operation: body)
}

/// Runs synchronous `body` with preferences of its own; see the asynchronous `withIsolatedPreferences`.
///
/// - Parameters:
///   - name: What to call the isolated run in the warning.
///   - logger: Where the warning about direct writes to `UserDefaults.standard` goes.
///   - body: The code to run.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withIsolatedPreferences<Result>(
    name: String = "an isolated block",
    logger: Logger = Logger(label: "PrefsTesting.isolatedPreferences"),
    _ body: () throws -> Result
) rethrows -> Result {
    let isolation = IsolatedPreferences()
    let before = IsolatedPreferences.standardDefaults()
    defer {
        isolation.remove()
        IsolatedPreferences.reportDirectWrites(since: before, in: name, to: logger)
    }
    return try StandardContainers.$current.withValue(isolation.containers, operation: body)
}

/// The preferences of one isolated test: a temporary folder, a `UserDefaults` suite and the containers over them,
/// each made when first used.
final class IsolatedPreferences: Sendable {
    /// The folder of the test's files (Linux: the standard file and the suite's property list).
    let folder: URL
    /// The suite's name: on Linux the absolute path of its property list without `.plist` (Foundation then keeps it
    /// in `folder`), on Apple platforms a unique name.
    let suiteName: String
    let containers: StandardContainers

    init() {
        let id = UUID().uuidString
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-isolated-\(id)")
        #if canImport(Darwin)
        let suiteName = "prefs-isolated-\(id)"
        #else
        let suiteName = folder.appendingPathComponent("defaults").path
        #endif
        let userDefaults: @Sendable () -> Preferences = {
            Self.createFolder(folder)
            return Preferences.shared(for: UserDefaults(suiteName: suiteName)!)
        }
        (self.folder, self.suiteName) = (folder, suiteName)
        self.containers = StandardContainers(
            standard: {
                #if canImport(Darwin)
                return userDefaults()
                #else
                Self.createFolder(folder)
                let url = folder.appendingPathComponent("preferences.json")
                do {
                    return Preferences(store: try FilePreferenceStore(url: url))
                } catch {
                    Logger(label: "PrefsTesting.isolatedPreferences").error(
                        "PrefsTesting: cannot open \(url.path) (\(error)); the test's preferences are in memory only")
                    return Preferences(store: InMemoryPreferenceStore())
                }
                #endif
            },
            userDefaults: userDefaults
        )
    }

    private static func createFolder(_ folder: URL) {
        try? FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Waits for the writes the test left behind and lets the containers go (their stores stop watching), then
    /// removes the suite and the folder.
    func remove() {
        var made = containers.takeMade()
        for container in made { try? container.flush() }
        let madeAny = !made.isEmpty
        made.removeAll()
        #if canImport(Darwin)
        if madeAny { UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName) }
        #endif
        if madeAny { Self.removeFolder(folder) }
    }

    /// Removes `folder`. A store being let go may still be running a check for outside changes, which takes its lock
    /// and so creates its lock file again while the folder is being emptied: the removal is tried again until the
    /// folder is gone, for at most five seconds.
    private static func removeFolder(_ folder: URL) {
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while FileManager.default.fileExists(atPath: folder.path), ContinuousClock.now < deadline {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// What `UserDefaults.standard` holds now.
    static func standardDefaults() -> NSDictionary {
        UserDefaults.standard.dictionaryRepresentation() as NSDictionary
    }

    /// Warns when `UserDefaults.standard` changed since `before`: code that writes it directly is not isolated.
    static func reportDirectWrites(since before: NSDictionary, in name: String, to logger: Logger) {
        let after = standardDefaults()
        let names = Set(before.allKeys.compactMap { $0 as? String }).union(after.allKeys.compactMap { $0 as? String })
        let changed = names.filter { name in
            switch (before[name] as? NSObject, after[name] as? NSObject) {
            case (nil, nil): false
            case (let old?, let new?): !old.isEqual(new)
            default: true
            }
        }
        guard !changed.isEmpty else { return }
        logger.warning(
            """
            PrefsTesting: UserDefaults.standard changed while \(name) ran (\(changed.sorted().joined(separator: ", "))): \
            code that writes UserDefaults.standard directly is not isolated by .isolatedPreferences, and tests that \
            run in parallel see its writes; give that code a UserDefaults or a Preferences to write to
            """
        )
    }
}
