/// The platform part of a ``FileWatcher``: watches one folder and hands each batch of events to a handler, on the
/// watcher's queue, until cancelled.
protocol FolderEventSource: Sendable {
    /// Stops the events and releases the folder.
    func cancel()
}
