internal import Foundation

/// Flushes every live store link when the process exits normally (`exit()` or returning from `main`),
/// so a write made just before exit is not lost, also one made through a container released since.
enum ExitFlush {
    private struct WeakLink: @unchecked Sendable {
        weak var link: StoreLink?
    }

    private static let links = Lock<[ObjectIdentifier: WeakLink]>([:])
    /// Installs the exit hook once: a static `let` is initialized exactly once, on first use, thread-safely.
    private static let exitHook: Void = { atexit { ExitFlush.flushAll() } }()

    static func register(_ link: StoreLink) {
        _ = exitHook
        links.withLock { $0[ObjectIdentifier(link)] = WeakLink(link: link) }
    }

    static func unregister(_ id: ObjectIdentifier) {
        _ = links.withLock { $0.removeValue(forKey: id) }
    }

    private static func flushAll() {
        let live = links.withLock { $0.values.compactMap(\.link) }
        for link in live { _ = try? link.flush() }
    }
}
