/// The containers that stand in for the process-wide ones in one task and the tasks it creates: ``Preferences/standard``
/// and the container that ``Persistence`` properties without a `store:` use in place of `UserDefaults.standard`'s.
///
/// One task-local that both consult: `Preferences.withStandard` binds the first, and
/// PrefsTesting's `.isolatedPreferences` trait binds both, making each lazily, the first time a test uses it.
package final class StandardContainers: Sendable {
    /// The containers of the current task; nil outside every binding.
    @TaskLocal package static var current: StandardContainers?

    private let standardSlot: Lock<Preferences?>
    private let makeStandard: @Sendable () -> Preferences
    private let userDefaultsSlot = Lock<Preferences?>(nil)
    private let makeUserDefaults: (@Sendable () -> Preferences)?

    /// Containers made when first asked for.
    ///
    /// - Parameters:
    ///   - standard: Makes the container that ``Preferences/standard`` returns.
    ///   - userDefaults: Makes the container of ``Persistence`` properties without a `store:`; nil leaves them on
    ///     `UserDefaults.standard`.
    package init(
        standard: @escaping @Sendable () -> Preferences,
        userDefaults: (@Sendable () -> Preferences)?
    ) {
        self.standardSlot = Lock(nil)
        self.makeStandard = standard
        self.makeUserDefaults = userDefaults
    }

    /// `standard` in place of ``Preferences/standard``, and the `UserDefaults` container of `outer`, if any.
    init(standard: Preferences, outer: StandardContainers?) {
        self.standardSlot = Lock(standard)
        self.makeStandard = { standard }
        if let outer, outer.makeUserDefaults != nil {
            self.makeUserDefaults = { outer.userDefaults! }
        } else {
            self.makeUserDefaults = nil
        }
    }

    /// The container that ``Preferences/standard`` returns in this task.
    package var standard: Preferences {
        get { Self.made(in: standardSlot, by: makeStandard) }
        set { standardSlot.withLock { $0 = newValue } }
    }

    /// The container of ``Persistence`` properties without a `store:`; nil when they use `UserDefaults.standard`'s.
    package var userDefaults: Preferences? {
        makeUserDefaults.map { Self.made(in: userDefaultsSlot, by: $0) }
    }

    /// Hands the containers made so far to their owner, which flushes them and lets them go: a later use in a task
    /// that still holds these containers makes new ones.
    ///
    /// - Returns: The containers made so far.
    package func takeMade() -> [Preferences] {
        [standardSlot, userDefaultsSlot].compactMap { slot in
            slot.withLock { made in
                defer { made = nil }
                return made
            }
        }
    }

    /// The container in `slot`, made outside the lock by `make` the first time; when two threads make one at once,
    /// the first published wins.
    static func made(in slot: Lock<Preferences?>, by make: () -> Preferences) -> Preferences {
        if let made = slot.withLock({ $0 }) { return made }
        let created = make()
        return slot.withLock { made in
            if let made { return made }
            made = created
            return created
        }
    }
}
