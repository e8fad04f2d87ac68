internal import Prefs

/// Hands each changed key's name to every open ``ConsoleSettings/changedKeys()`` sequence: what a store reports, and
/// the console's own writes, which a store does not report back to the process that made them.
final class KeyNameBroadcast: Sendable {
    private let continuations = Lock<[Int: AsyncStream<String>.Continuation]>([:])
    private let nextID = Lock(0)

    /// A new sequence of changed names; it stops receiving when its consumer is cancelled.
    func stream() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let id = nextID.withLock { next in
            next += 1
            return next
        }
        continuations.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends names to every open sequence.
    func send(_ names: some Sequence<String>) {
        let open = continuations.withLock { Array($0.values) }
        for name in names {
            for continuation in open { continuation.yield(name) }
        }
    }
}
