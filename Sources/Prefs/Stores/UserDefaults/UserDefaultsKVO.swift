#if canImport(ObjectiveC)
internal import Foundation
internal import ObjectiveC

/// Key-value observation of `UserDefaults` keys, the Apple platforms' ``UserDefaultsKeyRegistrar``: it reports changes
/// made in this process by any code and, through `cfprefsd`, those made by other processes.
///
/// The superclass is `NSObject`, spelled `ObjectiveC.NSObject` for the check build (`Checks/`), whose stand-in
/// declares KVO on a subclass of Linux's `NSObject`. Unchecked: its state is immutable, and KVO is thread-safe.
final class UserDefaultsKVO: ObjectiveC.NSObject, UserDefaultsKeyRegistrar, @unchecked Sendable {
    private let defaults: UserDefaults
    private let onChange: @Sendable () -> Void

    init(defaults: UserDefaults, onChange: @escaping @Sendable () -> Void) {
        self.defaults = defaults
        self.onChange = onChange
        super.init()
    }

    func register(_ key: String) {
        defaults.addObserver(self, forKeyPath: key, options: [], context: nil)
    }

    func unregister(_ key: String) {
        defaults.removeObserver(self, forKeyPath: key)
    }

    override func observeValue(
        forKeyPath keyPath: String?,
        of object: Any?,
        change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        onChange()
    }
}
#endif
