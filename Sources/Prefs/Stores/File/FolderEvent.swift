/// What a platform reports about a change in a watched folder.
enum FolderEvent: Equatable, Sendable {
    /// The entry with this name was created, written, renamed or deleted (Linux names it).
    case entry(String)
    /// Something in the folder changed and the platform does not say what: an Apple platform's folder source, or
    /// inotify when the folder itself went away or events were lost.
    case unnamed

    /// Whether the event may concern the file with this name: when it names it, or names nothing.
    func concerns(fileNamed name: String) -> Bool {
        switch self {
        case .entry(let entry): entry == name
        case .unnamed: true
        }
    }
}
