public import Foundation
public import Logging

/// A store over `UserDefaults`: the standard defaults, a suite or an app group, with the data your
/// app (or `@AppStorage`) already keeps there.
///
/// ```swift
/// let prefs = Preferences(stores: [
///     .default: UserDefaultsPreferenceStore(.standard),
///     .appGroup: UserDefaultsPreferenceStore(suiteName: "group.com.example")!,
/// ])
/// ```
///
/// **Values** are natural property-list values both ways: what plain `UserDefaults` code wrote reads
/// back typed, and what Prefs writes reads back through `defaults read` and `UserDefaults`
/// (`Codable` values as dictionaries, never opaque blobs). Every kind round-trips exactly, across a
/// restart too, on every platform: 64-bit integers at their extremes, floats, negative zero, and
/// dates to the sub-millisecond. Where Linux's property list would lose a value, the value is kept
/// in a one-member dictionary instead: a date with a fraction of a second is
/// `{"$date": "2026-11-22T15:47:00.123456Z"}` there (whole-second dates are native dates), negative
/// zero is `{"$double": "-0"}`. Keys declared with ``PreferenceCodec/userDefaultsURL`` store a `URL`
/// as `UserDefaults.set(_:forKey:)` does on Apple platforms (an archived `NSURL`), which Linux's
/// `url(forKey:)` reads too; `UserDefaults.set(_:forKey:)` itself keeps only a URL's path on Linux.
///
/// **Limits** on Linux: Foundation drops a byte-order mark (U+FEFF) at the start of every string it reads back from
/// the property list (undocumented, found by the generated round trips). A string value that starts with one is
/// kept in the one-member form `{"$string": …}`, but a key or a dictionary member *name* that starts with one cannot
/// be kept: ``write(_:)`` refuses it with ``UserDefaultsPreferenceStoreError`` and writes nothing. A container
/// writes such a value apart from the writes made beside it, which are stored; only the refused key fails (`set`
/// throws, the subscript reports it and the key reads its old value).
///
/// **Durability** is that of `UserDefaults`. On Linux, where Foundation writes its property list
/// only on `synchronize()`, every ``write(_:)`` and ``flush()`` synchronizes; the file is rewritten
/// in place, not atomically, so a crash during a write can empty it (use ``FilePreferenceStore``
/// where that matters). Transactions are atomic within the process and, on Linux, against other
/// processes that use this store on the same suite (they hold an `flock` on `<suite>.plist.lock` beside it).
///
/// **Outside changes** (another process, a direct `UserDefaults` call, another store) are reported
/// for the keys this store has read or written, which are the keys its containers cache:
///
/// - On Apple platforms, by key-value observation of each key (changes made in this process and in
///   other processes), and by `UserDefaults.didChangeNotification` for keys KVO cannot observe
///   (names containing `.` or starting with `@`).
/// - On Linux, Foundation posts no notification for `set` or `removeObject` and has no KVO at all.
///   Other processes' writes are caught by watching the property list's folder (inotify: 0.4 ms
///   median, 4 ms at most, from another process's `synchronize()` to an observer here); the store
///   then calls `synchronize()`, which makes Foundation re-read the file, and compares its keys. A direct `set` in this process changes only Foundation's memory and
///   leaves no trace outside it (no notification, no file write, no hook to override), so the store
///   compares its keys with `UserDefaults` every `pollingInterval` (250 ms by default); a direct `set`
///   reaches observers within the interval. Measured on a 2-vCPU VM: a check costs about 35 µs for a
///   dozen keys, 0.2 ms for 100 and 2 ms for 1,000 (a lock and 2–3 µs per key), so 0.014 %, 0.08 %
///   and 0.8 % of one core, with four wake-ups a second while a container uses the store. Pass nil
///   to turn polling off: direct `set` calls are then seen at the store's next write or file event.
///
/// **Threads** on Linux: Foundation runs preferences calls one at a time behind a spin lock whose waiters keep the
/// CPU busy, so the stores of a process make their calls into `UserDefaults` one at a time behind a mutex, where a
/// waiter sleeps instead (several stores checking for changes at once had stalled a busy process).
public final class UserDefaultsPreferenceStore: PreferenceStore, @unchecked Sendable {
    /// The defaults this store reads and writes.
    public let defaults: UserDefaults
    let domain: UserDefaultsDomain?
    let logger: Logger
    let observers = PreferenceStoreObservers()
    /// The keys this store has read or written, each with the value last seen: the keys whose
    /// outside changes it reports.
    let seen = Lock<[String: PreferenceValue?]>([:])
    /// Serializes writes, transactions and change checks (recursive, so that a body may write) and, on Linux, takes
    /// the `flock` on `<suite>.plist.lock` that Prefs processes share (not on the property list itself: Foundation
    /// waits 3 × 150 ms for an empty file to fill, so the lock must never create one).
    let lock: CrossProcessLock
    /// Whether `UserDefaults` writes its file only on `synchronize()` (Linux), so that every write must call it.
    #if canImport(Darwin)
    static let writesOnlyOnSynchronize = false
    #else
    static let writesOnlyOnSynchronize = true
    #endif
    /// The queue on which outside changes are checked.
    let queue = DispatchQueue(label: "Prefs.UserDefaultsPreferenceStore", qos: .utility)
    /// What watches for outside changes; released (and stopped) with the store.
    var outsideChangeSources: [any OutsideChangeSource] = []

    /// Creates a store over a `UserDefaults` instance.
    ///
    /// - Parameters:
    ///   - defaults: The defaults, for example `.standard`.
    ///   - pollingInterval: Linux only: how often the keys this store has read are compared with
    ///     `UserDefaults`, to catch direct `set` calls in this process (which post nothing there);
    ///     nil turns polling off. Ignored on Apple platforms, where key-value observation reports them.
    ///   - logger: Where problems are reported (an unreadable stored value, a failed synchronize).
    public convenience init(
        _ defaults: UserDefaults,
        pollingInterval: Duration? = .milliseconds(250),
        logger: Logger = Logger(label: "Prefs.UserDefaultsPreferenceStore")
    ) {
        self.init(defaults, domain: UserDefaultsDomain.of(defaults), pollingInterval: pollingInterval, logger: logger)
    }

    /// Creates a store over a suite, as `UserDefaults(suiteName:)` opens it; nil when it would
    /// return nil (the app's own bundle identifier or the global domain on Apple platforms).
    ///
    /// ```swift
    /// let group = UserDefaultsPreferenceStore(suiteName: "group.com.example")!
    /// ```
    ///
    /// - Parameters:
    ///   - suiteName: The suite, or app group, name. On Linux an absolute path names the property
    ///     list file itself (without `.plist`).
    ///   - pollingInterval: Linux only: see ``init(_:pollingInterval:logger:)``.
    ///   - logger: Where problems are reported.
    public convenience init?(
        suiteName: String,
        pollingInterval: Duration? = .milliseconds(250),
        logger: Logger = Logger(label: "Prefs.UserDefaultsPreferenceStore")
    ) {
        guard let defaults = UserDefaults(suiteName: suiteName) else { return nil }
        self.init(
            defaults, domain: UserDefaultsDomain(suiteName: suiteName), pollingInterval: pollingInterval, logger: logger
        )
    }

    private init(_ defaults: UserDefaults, domain: UserDefaultsDomain?, pollingInterval: Duration?, logger: Logger) {
        self.defaults = defaults
        self.domain = domain
        self.logger = logger
        self.lock = CrossProcessLock(domain?.propertyListPath.map { FileLock(filePath: $0) })
        startWatchingForOutsideChanges(pollingInterval: pollingInterval)
    }

    deinit {
        for source in outsideChangeSources { source.cancel() }
    }

    /// On Linux, true: `UserDefaults` there posts nothing when code in this process writes it directly, so every
    /// read of a container over this store asks `UserDefaults` (as `@AppStorage` does) and sees such a write at
    /// once. On Apple platforms false: key-value observation reports it before the writer's call returns.
    public var requiresReadThrough: Bool { Self.writesOnlyOnSynchronize }

    /// Where Linux's Foundation keeps a suite's property list; nil on Apple platforms, where the
    /// system owns the file.
    ///
    /// - Parameter suiteName: The suite; nil for the app's own domain.
    /// - Returns: The path.
    package static func propertyListPath(suiteName: String?) -> String? {
        UserDefaultsDomain(suiteName: suiteName).propertyListPath
    }

    /// Where Linux's Foundation keeps this store's property list, when it can be told; nil on Apple platforms.
    package var propertyListPath: String? { domain?.propertyListPath }

    /// Returns the value `UserDefaults` holds for a key (in its search list: arguments, the suite,
    /// registered defaults), as a ``PreferenceValue``.
    ///
    /// A read takes this store's lock but not the lock file: it reads what Foundation holds in memory, which every
    /// write and change check of this store reloads under the lock file (see `synchronizeLocked()`), so it costs
    /// about what a `UserDefaults` read costs (a container over this store reads through on Linux).
    ///
    /// - Parameter key: The defaults key.
    /// - Returns: The value, or nil.
    /// - Throws: An error when the stored object is not a property-list value.
    public func value(forKey key: String) throws -> PreferenceValue? {
        let value: PreferenceValue?
        do {
            value = try lock.withLocalLock { try storedValue(forKey: key) }
        } catch {
            startTracking(key, value: nil)
            throw error
        }
        startTracking(key, value: value)
        return value
    }

    /// Sets or removes the keys and, on Linux, synchronizes, so other processes see the change and
    /// it survives the process.
    ///
    /// - Parameter changes: New values by key; nil removes a key.
    /// - Throws: ``UserDefaultsPreferenceStoreError`` when the defaults could not be saved; the keys
    ///   then hold their old values again. ``UnstorableValueError`` for a value that would not read back as written;
    ///   nothing is written then.
    public func write(_ changes: PreferenceStoreWrites) throws {
        try transaction { transaction in
            for (key, value) in changes { transaction.setValue(value, forKey: key) }
        }
    }

    /// Returns the keys stored in the domain (not those only registered or passed as arguments).
    ///
    /// - Returns: The keys.
    /// - Throws: Nothing in practice; the protocol allows stores to.
    public func keys() throws -> [String] {
        try exclusively(storedKeysLocked)
    }

    private func storedKeysLocked() -> [String] {
        FoundationPreferences.access {
            if let name = domain?.persistentDomainName, let members = defaults.persistentDomain(forName: name) {
                return Array(members.keys)
            }
            var keys = Set(defaults.dictionaryRepresentation().keys)
            for volatile in [UserDefaults.argumentDomain, UserDefaults.registrationDomain] {
                keys.subtract(defaults.volatileDomain(forName: volatile).keys)
            }
            if let global = defaults.persistentDomain(forName: UserDefaults.globalDomain) { keys.subtract(global.keys) }
            return Array(keys)
        }
    }

    /// Calls `synchronize()`, which on Linux writes what is still only in memory.
    ///
    /// - Throws: ``UserDefaultsPreferenceStoreError`` when the defaults could not be saved.
    public func flush() throws {
        try exclusively {
            guard synchronizeLocked() else { throw UserDefaultsPreferenceStoreError.synchronizeFailed(domain) }
        }
    }

    /// Registers a handler told about every key that changes, whoever changed it.
    ///
    /// - Parameter handler: Called with each report, which carries the new values.
    /// - Returns: A token that unregisters the handler.
    public func observeChanges(
        _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
    )
        -> PreferenceObservationToken
    {
        observers.add(handler)
    }

    /// Runs a read-modify-write atomically against every other user of this store and, on Linux,
    /// against other processes using a `UserDefaultsPreferenceStore` on the same suite: the body
    /// reads the suite as it is on disk now, and its changes are synchronized before the lock is released.
    ///
    /// - Parameter body: Reads and changes values.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (nothing is written then), ``UnstorableValueError`` for a date that is not finite
    ///   or nesting deeper than the file format reads, or ``UserDefaultsPreferenceStoreError``.
    public func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        let origin = PreferenceWriteOrigin.current
        defer { observers.deliver() }
        return try exclusively {
            if Self.writesOnlyOnSynchronize {
                synchronizeLocked()  // re-reads what other processes wrote
                observers.enqueue(PreferenceStoreChange(values: changedValuesLocked()))
            }
            var transaction = PreferenceStoreTransaction { [self] in try storedValue(forKey: $0) }
            let result = try body(&transaction)
            try PreferenceJSON.checkStorable(transaction.changes)  // the same limits as every other store
            observers.enqueue(PreferenceStoreChange(values: try apply(transaction.changes), origin: origin))
            return result
        }
    }

    // MARK: Internals

    /// The stored value of a key, converted; nil when nothing is stored.
    func storedValue(forKey key: String) throws -> PreferenceValue? {
        guard let object = FoundationPreferences.access({ defaults.object(forKey: key) }) else { return nil }
        return try UserDefaultsPropertyList.value(of: object)
    }

    /// Starts reporting outside changes of a key, from the value just read; a key already tracked
    /// keeps its last seen value, so that a change this read happens to see is still reported.
    private func startTracking(_ key: String, value: PreferenceValue?) {
        let isNew = seen.withLock { seen in
            guard seen[key] == nil else { return false }
            seen[key] = .some(value)
            return true
        }
        if isNew { keyWasTracked(key) }
    }

    /// Sets or removes each key, then synchronizes where the platform needs it; on failure, puts the
    /// old values back. Returns the new values of the keys that changed. Call it inside `exclusively`.
    private func apply(_ changes: PreferenceStoreWrites) throws -> PreferenceStoreWrites {
        guard !changes.isEmpty else { return [:] }
        if let name = UserDefaultsPropertyList.unstorableName(in: changes) {
            throw UserDefaultsPreferenceStoreError.unstorableName(name, suiteName: domain?.suiteName)
        }
        var previous: [String: Any] = [:]
        for (key, value) in changes {
            previous[key] = FoundationPreferences.access { defaults.object(forKey: key) }
            set(value.map(UserDefaultsPropertyList.object(for:)), forKey: key)
        }
        if Self.writesOnlyOnSynchronize, !synchronizeLocked() {
            for key in changes.keys { set(previous[key].map(Self.restorable), forKey: key) }
            throw UserDefaultsPreferenceStoreError.synchronizeFailed(domain)
        }
        var changed: PreferenceStoreWrites = [:]
        let newlyTracked = seen.withLock { seen -> [String] in
            var newlyTracked: [String] = []
            for (key, value) in changes {
                let old = previous[key].flatMap { try? UserDefaultsPropertyList.value(of: $0) }
                if old != value { changed[key] = .some(value) }
                if seen[key] == nil { newlyTracked.append(key) }
                seen[key] = .some(value)
            }
            return newlyTracked
        }
        for key in newlyTracked { keyWasTracked(key) }
        return changed
    }

    /// An old object to set back after a failed write, in the form this store writes when it can.
    private static func restorable(_ object: Any) -> Any {
        (try? UserDefaultsPropertyList.value(of: object)).map(UserDefaultsPropertyList.object(for:)) ?? object
    }

    /// Sets an object, or removes the key for nil: `set(nil, forKey:)` hangs on Linux.
    private func set(_ object: Any?, forKey key: String) {
        FoundationPreferences.access {
            if let object {
                defaults.set(object, forKey: key)
            } else {
                defaults.removeObject(forKey: key)
            }
        }
    }

    /// Compares every tracked key with what `UserDefaults` holds now; records and returns the new values of those
    /// that changed. Call it inside `exclusively`.
    func changedValuesLocked() -> PreferenceStoreWrites {
        let keys = seen.withLock { Array($0.keys) }
        guard !keys.isEmpty else { return [:] }
        let current = keys.map { key in (key, try? storedValue(forKey: key)) }
        return seen.withLock { seen in
            var changed: PreferenceStoreWrites = [:]
            for (key, value) in current where seen[key] != .some(value) {
                seen[key] = .some(value)
                changed[key] = .some(value)
            }
            return changed
        }
    }

    /// Calls `synchronize()` and, on Linux, reads once right after, inside the lock.
    ///
    /// A `synchronize()` that has nothing to write makes Foundation drop its copy of the domain, and
    /// the next read, wherever it happens, loads the file from disk; reading here loads it while the
    /// lock keeps Prefs writers in other processes out, so no later read can meet a half-written file
    /// (on which Foundation sleeps 150 ms, three times, and then reads an empty domain).
    ///
    /// Linux's Foundation now and then reports a failed save while several threads of one process
    /// use the suite (seen once in CI, under the conformance suite's concurrent writers); the values are still in its
    /// memory, so the save is tried again, three times in all, before a write is reported as failed.
    @discardableResult
    func synchronizeLocked() -> Bool {
        FoundationPreferences.access {
            var saved = defaults.synchronize()
            var attempts = 1
            while !saved, Self.writesOnlyOnSynchronize, attempts < 3 {
                saved = defaults.synchronize()
                attempts += 1
            }
            if Self.writesOnlyOnSynchronize { _ = defaults.object(forKey: "Prefs.reload") }
            return saved
        }
    }

    /// Runs `body` holding this store's lock and, on Linux, the lock file beside the property list,
    /// which every `UserDefaultsPreferenceStore` on the suite takes, in every process, around every
    /// use of the defaults.
    func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        try lock.withLock(required: false, body)
    }
}
