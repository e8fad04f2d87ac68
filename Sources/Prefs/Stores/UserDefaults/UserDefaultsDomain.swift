internal import Foundation

/// Which defaults domain a `UserDefaults` instance reads and writes, and, on Linux, the property
/// list file that holds it.
///
/// Linux's Foundation keeps the application's own domain in `<config>/<app>.plist` and a suite in
/// `<config>/<suite>.plist`, where `<config>` is `$XDG_CONFIG_HOME` (when absolute) or `~/.config`
/// and `<app>` the bundle identifier or else the executable's name; a suite name that is an absolute
/// path is the file's path without the `.plist` extension.
struct UserDefaultsDomain: Hashable, Sendable {
    /// The suite name; nil for the application's own domain (`UserDefaults.standard`).
    let suiteName: String?

    /// The domain of an instance, when it can be told: always for the standard instance and on
    /// Linux (where the instance's suite name can be read by reflection), otherwise only when the
    /// caller knows the suite name it created the instance with.
    static func of(_ defaults: UserDefaults) -> UserDefaultsDomain? {
        if defaults === UserDefaults.standard { return UserDefaultsDomain(suiteName: nil) }
        #if canImport(Darwin)
        return nil
        #else
        // swift-corelibs-foundation keeps the suite name in `private let suite: String?`.
        var mirror: Mirror? = Mirror(reflecting: defaults)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == "suite" }),
                let suite = child.value as? String?
            {
                return UserDefaultsDomain(suiteName: suite)
            }
            mirror = current.superclassMirror
        }
        return nil
        #endif
    }

    /// The name of the persistent domain, as `UserDefaults.persistentDomain(forName:)` takes it.
    var persistentDomainName: String {
        suiteName ?? Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }

    /// The property list file that holds the domain on Linux; nil on Apple platforms, where
    /// `cfprefsd` owns the files.
    var propertyListPath: String? {
        #if canImport(Darwin)
        return nil
        #else
        let name = persistentDomainName
        if name.hasPrefix("/") { return name + ".plist" }
        let environment = ProcessInfo.processInfo.environment
        let configHome: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configHome = xdg
        } else {
            configHome = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config").path
        }
        return URL(fileURLWithPath: configHome).appendingPathComponent(name + ".plist").path
        #endif
    }
}
