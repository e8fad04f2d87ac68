#if canImport(ObjectiveC)
internal import Foundation

/// Key-value observation of `UserDefaults` keys (Apple platforms): it reports changes made in this
/// process by any code and, through `cfprefsd`, those made by other processes.
///
/// Keys whose names KVO would read as key paths (containing `.`, or starting with `@`) are left to
/// `UserDefaults.didChangeNotification`, which covers this process only.
final class UserDefaultsKeyObserver: NSObject, OutsideChangeSource, @unchecked Sendable {
    private let defaults: UserDefaults
    private let onChange: @Sendable () -> Void
    /// The observed keys; nil once stopped. Registrations happen under its lock, so that `stop()`
    /// never removes an observation that was not added.
    private let observed = Lock<Set<String>?>([])

    init(defaults: UserDefaults, onChange: @escaping @Sendable () -> Void) {
        self.defaults = defaults
        self.onChange = onChange
        super.init()
    }

    /// Starts observing a key (once).
    func observe(_ key: String) {
        guard !key.contains("."), !key.hasPrefix("@") else { return }
        observed.withLock { observed in
            guard observed?.insert(key).inserted == true else { return }
            defaults.addObserver(self, forKeyPath: key, options: [], context: nil)
        }
    }

    override func observeValue(
        forKeyPath keyPath: String?,
        of object: Any?,
        change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        onChange()
    }

    func stop() {
        observed.withLock { observed in
            for key in observed ?? [] { defaults.removeObserver(self, forKeyPath: key) }
            observed = nil
        }
    }
}
#endif
