internal import Foundation

/// Keeps an observation alive: cancel it, or release it, to stop the observation.
///
/// ```swift
/// let token = prefs.observe(\.theme) { change in print(change.newValue) }
/// token.cancel()
/// ```
public final class PreferenceObservationToken: Sendable, Hashable {
    private let onCancel: Lock<(@Sendable () -> Void)?>

    /// Creates a token that runs `onCancel` once, when cancelled or released.
    ///
    /// - Parameter onCancel: Stops the observation.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Lock(onCancel)
    }

    /// Stops the observation. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Whether ``cancel()`` has run.
    public var isCancelled: Bool { onCancel.withLock { $0 == nil } }

    deinit { cancel() }

    /// Tokens are equal only to themselves.
    public static func == (lhs: PreferenceObservationToken, rhs: PreferenceObservationToken) -> Bool { lhs === rhs }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
