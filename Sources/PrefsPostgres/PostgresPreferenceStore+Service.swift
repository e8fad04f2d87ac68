public import ServiceLifecycle

extension PostgresPreferenceStore: Service {
    /// Runs the store as a service of a swift-service-lifecycle `ServiceGroup`: until the group shuts down gracefully
    /// (or the task is cancelled), then commits what it can within ``Configuration/flushTimeout`` and closes, without
    /// blocking a thread.
    ///
    /// ```swift
    /// let store = try await PostgresPreferenceStore.connect(configuration: configuration)
    /// let group = ServiceGroup(
    ///     services: [store, server],   // the store first: the group stops services in reverse order
    ///     gracefulShutdownSignals: [.sigterm], logger: logger)
    /// try await group.run()
    /// ```
    ///
    /// A group stops its services in the reverse order of the list, so put the store before the services that write
    /// to it: they stop first, and the store then commits their last writes. A container writes behind its caller: a
    /// service's last writes reach the store when they are made with `set(_:_:)` (which returns once the store has
    /// them) or when the service calls the container's `flush()` before it returns.
    ///
    /// - Throws: Nothing; writes that could not be committed are logged by key (and kept in the offline copy, when
    ///   the store has one).
    public func run() async throws {
        try? await gracefulShutdown()
        await closeWithoutBlocking()
    }
}
