/// What a platform reports about a change in a watched folder, or in the watched file itself.
enum FolderEvent: Equatable, Sendable {
    /// The entry with this name was created, renamed or deleted (Linux names it).
    case entry(String)
    /// The entry with this name was written in place (Linux: the entry a watch of the file was added for): its content
    /// changed, not the folder's entries.
    case written(String)
    /// Something in the folder changed and the platform does not say what: an Apple platform's folder source, or
    /// inotify when the folder itself went away or events were lost.
    case unnamed
    /// The watched file itself changed, as a source on its own descriptor reports it (Apple platforms, whose folder
    /// source misses writes in place): written, or, with `replaced`, deleted, renamed or revoked, so that the path
    /// may now name another file.
    case file(replaced: Bool)

    /// Whether the event may concern the file with this name: when it names it, names nothing, or is the file's own.
    func concerns(fileNamed name: String) -> Bool {
        switch self {
        case .entry(let entry), .written(let entry): entry == name
        case .unnamed, .file: true
        }
    }

    /// Whether, after the event, the path may name another file than the one a source on the file's descriptor
    /// watches, so that such a source must be opened again on the path.
    func mayReplace(fileNamed name: String) -> Bool {
        switch self {
        case .entry(let entry): entry == name
        case .written: false
        case .unnamed: true
        case .file(let replaced): replaced
        }
    }

}
