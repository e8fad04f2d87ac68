public import Foundation

extension Preferences {
    private enum SharedContainerID: Hashable, Sendable {
        case domain(UserDefaultsDomain)
        case instance(ObjectIdentifier)
    }

    private static let sharedContainers = WeakRegistry<SharedContainerID, Preferences>()

    /// The container over a `UserDefaults` that ``Persistence`` properties share: one per defaults
    /// domain (on Apple platforms, per instance, except `.standard`), with a
    /// ``UserDefaultsPreferenceStore`` and no key prefix, so that declared keys and `@Persistence`
    /// properties of the same name read the same cache.
    ///
    /// ```swift
    /// let prefs = Preferences.shared(for: .standard)
    /// prefs[\.username] = "fatbobman"     // what @Persistence("username") reads
    /// ```
    ///
    /// The container lives while someone holds it (every `@Persistence` property holds its own);
    /// the next call after that creates a new one.
    ///
    /// On Apple platforms a suite's name cannot be read back from its `UserDefaults`, so two instances
    /// for one suite (`UserDefaults(suiteName: "group.x")` twice) get two containers. Each still sees
    /// the other's writes at once: every instance of a suite reads the same preferences domain (Apple's
    /// `init(suiteName:)` documentation: it reads what `CFPreferencesCopyAppValue` reads for that
    /// domain), UserDefaults posts `didChangeNotification` for a change made through any instance in
    /// this process, on the writer's thread, and every ``UserDefaultsPreferenceStore`` observes that
    /// notification from all instances and re-reads its keys; key-value observation adds the changes
    /// other processes make.
    ///
    /// - Parameter defaults: The defaults.
    /// - Returns: The shared container.
    public static func shared(for defaults: UserDefaults) -> Preferences {
        let id = UserDefaultsDomain.of(defaults).map(SharedContainerID.domain) ?? .instance(ObjectIdentifier(defaults))
        // Built outside the registry's lock (the store starts watching for outside changes); the first one
        // published wins.
        return sharedContainers.object(for: id) { Preferences(store: UserDefaultsPreferenceStore(defaults)) }.object
    }
}
