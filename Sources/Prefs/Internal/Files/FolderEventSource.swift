/// The platform part of a ``FileWatcher``: watches one folder and hands each batch of events to a handler, on the
/// watcher's queue, until cancelled.
protocol FolderEventSource: Sendable {
    /// Reports writes in place into these entries of the folder, and no others, from now on
    /// (``FolderEvent/written(_:)``); called again whenever the entries or the files they name may have changed.
    func watchWrites(into names: [String])
    /// Stops the events and releases the folder.
    func cancel()
}

extension FolderEventSource {
    /// Sources that report no writes in place (Apple platforms' folder source) ignore the names.
    func watchWrites(into names: [String]) {}
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
