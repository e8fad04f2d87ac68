import Dispatch
import Foundation

@testable import Prefs

/// Runs the shared watching code on Linux under the event shape of Apple platforms: their folder source names no
/// entry and misses writes in place, which the file's own source reports instead; a write in place into another
/// file is seen by neither.
enum ApplePlatformsEventShape {
    /// An inotify event as an Apple platform would report it for the watched file `name`; nil when it would not.
    static func event(_ event: FolderEvent, fileNamed name: String) -> FolderEvent? {
        switch event {
        case .entry, .unnamed: .unnamed
        case .written(let entry): entry == name ? .file(replaced: false) : nil
        case .file: event
        }
    }

    /// Folder event sources that watch with inotify and report in Apple platforms' shape, for the file at `path`.
    static func sources(forFileAt path: String) -> FileWatcher.SourceFactory {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let queue = DispatchQueue(label: "ApplePlatformsEventShape")
        return { directory, handler in
            try PlatformFolderEventSource(directory: directory, queue: queue) { events in
                let shaped = events.compactMap { event($0, fileNamed: name) }
                if !shaped.isEmpty { handler(shaped) }
            }
        }
    }
}
