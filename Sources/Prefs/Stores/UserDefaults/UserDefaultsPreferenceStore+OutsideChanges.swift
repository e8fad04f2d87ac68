internal import Dispatch
internal import Foundation
internal import Logging

/// Something that watches for changes made outside a store, until cancelled (the one stopping word of Prefs, as for
/// observation tokens and event sources).
protocol OutsideChangeSource: AnyObject {
    func cancel()
}

extension UserDefaultsPreferenceStore {
    /// Starts what reports outside changes on this platform (see the type's documentation).
    func startWatchingForOutsideChanges(pollingInterval: Duration?) {
        let check: @Sendable () -> Void = { [weak self] in self?.scheduleCheck() }
        // Posted on Apple platforms for this process's changes, through any instance: observed for all instances
        // (object nil), it is what lets two instances of one suite, which have two shared containers there, see
        // each other's writes at once (see `Preferences.shared(for:)`). On Linux it is posted only by
        // `setPersistentDomain` and `removePersistentDomain`.
        var sources: [any OutsideChangeSource] = [
            NotificationObservation(UserDefaults.didChangeNotification, handler: check)
        ]
        #if canImport(ObjectiveC)
        sources.append(UserDefaultsKeyObserver(registrar: UserDefaultsKVO(defaults: defaults, onChange: check)))
        #else
        if let pollingInterval {
            sources.append(
                PollingTimer(interval: pollingInterval, queue: queue) { [weak self] in
                    self?.checkForOutsideChanges(reloadingFile: false)
                })
        }
        if let path = domain?.propertyListPath {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700]
                )
                sources.append(
                    try FileWatcher(path: path, queue: queue) { [weak self] in
                        self?.checkForOutsideChanges(reloadingFile: true)
                    })
            } catch {
                logger.warning("Prefs: cannot watch \(path) (\(error)); other processes' changes will not be seen")
            }
        } else {
            logger.warning(
                "Prefs: cannot tell which file this UserDefaults uses; other processes' changes will not be seen")
        }
        #endif
        outsideChangeSources = sources
    }

    /// Checks the tracked keys on the store's queue, after whatever write is under way.
    private func scheduleCheck() {
        queue.async { [weak self] in self?.checkForOutsideChanges(reloadingFile: false) }
    }

    /// Starts observing a key that this store has just read or written for the first time.
    func keyWasTracked(_ key: String) {
        for case let observer as UserDefaultsKeyObserver in outsideChangeSources { observer.observe(key) }
    }

    /// Compares the tracked keys with `UserDefaults` and reports those that changed. With
    /// `reloadingFile` (Linux, after the property list changed), synchronizes first, which makes
    /// Foundation re-read the file.
    ///
    /// It holds the lock file, as every write does: another store object on the suite in this process has its own
    /// store lock, and only the lock file keeps a check out of its write (which sets the keys one call at a time).
    func checkForOutsideChanges(reloadingFile: Bool) {
        guard !observers.isEmpty else { return }
        defer { observers.deliver() }
        try? exclusively {
            if reloadingFile {
                guard propertyListIsComplete() else { return }  // its writer's next event will come
                synchronizeLocked()
            }
            observers.enqueue(PreferenceStoreChange(values: changedValuesLocked()))
        }
    }

    /// Whether the property list parses, or is absent. Foundation rewrites the file in place, so a
    /// reader can find it empty or cut short; `synchronize()` would then read an empty domain.
    private func propertyListIsComplete() -> Bool {
        guard let path = domain?.propertyListPath, FileManager.default.fileExists(atPath: path) else { return true }
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return false }
        return (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil
    }
}

/// An observer of one notification, removed when stopped.
final class NotificationObservation: OutsideChangeSource, @unchecked Sendable {
    private let token: any NSObjectProtocol

    init(_ name: Notification.Name, handler: @escaping @Sendable () -> Void) {
        token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in handler() }
    }

    func cancel() { NotificationCenter.default.removeObserver(token) }
}

/// A repeating timer on a queue, cancelled when stopped.
final class PollingTimer: OutsideChangeSource, @unchecked Sendable {
    private let timer: any DispatchSourceTimer

    init(interval: Duration, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        let (seconds, attoseconds) = interval.components
        let nanoseconds = max(1_000_000, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .nanoseconds(nanoseconds / 10)
        )
        timer.setEventHandler(handler: handler)
        timer.resume()
    }

    func cancel() { timer.cancel() }
}

extension FileWatcher: OutsideChangeSource {
    /// Nothing to do: the watcher stops when released, with its store.
    func cancel() {}
}
