internal import Prefs

/// Where a command's preferences are: a file, a UserDefaults domain, or a namespace in PostgreSQL. Commands read
/// through it and write through the store it opens.
protocol PreferenceLocation {
    /// The location for messages: a file's path, or a namespace and its server (never a password).
    var name: String { get }

    /// Every key with its value; a missing, damaged or unreadable location is a failure.
    ///
    /// - Throws: An error with exit code 3, 4 or 5.
    func read() throws -> [String: PreferenceValue]

    /// Every key with its value, or nil when the location does not exist yet.
    ///
    /// - Throws: An error with exit code 4 or 5.
    func readIfPresent() throws -> [String: PreferenceValue]?

    /// The store to write or watch through, after the caller has read the location; it creates the location when
    /// it does not exist.
    ///
    /// - Parameters:
    ///   - watching: Whether the store must report other processes' changes.
    ///   - lockTimeout: How long a write waits for another process's lock.
    /// - Returns: The store.
    /// - Throws: An error with exit code 5.
    func openStore(watching: Bool, lockTimeout: Duration) throws -> any PreferenceStore

    /// Checks, before ``openStore(watching:lockTimeout:)`` creates anything, that the location can hold `changes`.
    ///
    /// - Throws: An error with exit code 2.
    func checkStorable(_ changes: PreferenceStoreWrites) throws
}

extension PreferenceLocation {
    /// A file or a domain takes every value the container can write; its store checks the rest as it writes, and
    /// creates nothing before.
    func checkStorable(_ changes: PreferenceStoreWrites) throws {}
}

extension PreferenceFile: PreferenceLocation {
    var name: String { path }
}
