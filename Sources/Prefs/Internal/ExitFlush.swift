internal import Foundation

/// Flushes every live container when the process exits normally (`exit()` or returning from `main`),
/// so a write made just before exit is not lost.
enum ExitFlush {
    private struct WeakContainer: @unchecked Sendable {
        weak var container: Preferences?
    }

    private static let containers = Lock<[ObjectIdentifier: WeakContainer]>([:])
    /// Installs the exit hook once: a static `let` is initialized exactly once, on first use, thread-safely.
    private static let exitHook: Void = { atexit { ExitFlush.flushAll() } }()

    static func register(_ container: Preferences) {
        _ = exitHook
        containers.withLock { $0[ObjectIdentifier(container)] = WeakContainer(container: container) }
    }

    static func unregister(_ id: ObjectIdentifier) {
        _ = containers.withLock { $0.removeValue(forKey: id) }
    }

    private static func flushAll() {
        let live = containers.withLock { $0.values.compactMap(\.container) }
        for container in live { try? container.flush() }
    }
}
