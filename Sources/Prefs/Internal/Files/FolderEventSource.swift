/// The platform part of a ``FileWatcher``: watches one folder and hands each batch of events to a handler, on the
/// watcher's queue, until cancelled.
protocol FolderEventSource: Sendable {
    /// Stops the events and releases the folder.
    func cancel()
}

/// The platform part of a ``FileWatcher`` that watches the file itself, where the folder's events miss writes in place
/// (Apple platforms): reports the file's changes until cancelled, and is opened again on the path when an event says
/// the file there may have been replaced.
protocol FileEventSource: Sendable {
    /// Watches whatever file the path names now (nothing while it names none).
    func reopen()
    /// Stops the events and releases the file.
    func cancel()
}
