public import Foundation
public import Prefs

extension PostgresPreferenceStore {
    /// Whether an instance hears the namespace's changes now: the state of the session that listens.
    ///
    /// ```swift
    /// if case .offline(let since) = store.connectionState {
    ///     print("serving the last-known-good settings since \(since)")
    /// }
    /// ```
    public enum ConnectionState: Sendable, Equatable, CustomStringConvertible {
        /// Listening, and up to date with every change committed before the last read.
        case connected
        /// Connected again, reading what changed while it was not (or the whole namespace, after a gap).
        case catchingUp
        /// Not connected since the given time: reads answer what the instance had (from its offline copy, when it
        /// started offline), writes are queued; the store keeps trying to connect, with backoff.
        case offline(since: Date)

        /// The state in words, for logs.
        public var description: String {
            switch self {
            case .connected: "connected"
            case .catchingUp: "catching up"
            case .offline(let since): "offline since \(since.formatted(.iso8601))"
            }
        }
    }

    /// Whether the instance hears the namespace's changes now. Every change of it is logged (offline at warning
    /// level, connected again at notice level) and recorded in the metric `prefs_postgres_connection_state`.
    public var connectionState: ConnectionState { watcher.connectionState }

    /// Registers a handler told about every change of ``connectionState``, in order, on a queue of the store.
    ///
    /// - Parameter handler: Called with the new state.
    /// - Returns: A token that unregisters the handler.
    public func observeConnectionState(
        _ handler: @escaping @Sendable (ConnectionState) -> Void
    ) -> PreferenceObservationToken {
        watcher.observeConnectionState(handler)
    }
}
