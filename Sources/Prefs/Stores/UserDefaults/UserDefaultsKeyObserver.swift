/// Observes `UserDefaults` keys one by one through a platform registration (key-value observation on Apple
/// platforms: ``UserDefaultsKVO``), doing the bookkeeping every platform shares: which keys can be observed, each
/// registered once, all unregistered when stopped and none registered after.
///
/// Keys whose names KVO would read as key paths (containing `.`, or starting with `@`) are left to
/// `UserDefaults.didChangeNotification`, which covers this process only.
final class UserDefaultsKeyObserver: OutsideChangeSource, Sendable {
    private let registrar: any UserDefaultsKeyRegistrar
    /// The observed keys; nil once stopped. Registrations happen under its lock, so that `stop()` never removes an
    /// observation that was not added, nor misses one being added.
    private let observed = Lock<Set<String>?>([])

    init(registrar: any UserDefaultsKeyRegistrar) {
        self.registrar = registrar
    }

    /// Whether a key can be observed by its name.
    static func canObserve(_ key: String) -> Bool {
        !key.contains(".") && !key.hasPrefix("@")
    }

    /// Starts observing a key (once; never after `stop()`).
    func observe(_ key: String) {
        guard Self.canObserve(key) else { return }
        observed.withLock { observed in
            guard observed?.insert(key).inserted == true else { return }
            registrar.register(key)
        }
    }

    func cancel() {
        observed.withLock { observed in
            for key in observed ?? [] { registrar.unregister(key) }
            observed = nil
        }
    }
}

/// The platform part of a ``UserDefaultsKeyObserver``: starts and stops the observation of one key.
protocol UserDefaultsKeyRegistrar: Sendable {
    /// Starts reporting changes of the key.
    func register(_ key: String)
    /// Stops reporting changes of a key registered before.
    func unregister(_ key: String)
}
