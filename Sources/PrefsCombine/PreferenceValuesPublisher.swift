import Foundation
import Prefs

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// Publishes one key's values: the current value (optionally), then each new one, per subscriber.
struct PreferenceValuesPublisher<Value: Sendable>: Publisher {
    typealias Output = Value
    typealias Failure = Never

    let preferences: Preferences
    let keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>
    let includingInitial: Bool

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Value, Downstream.Failure == Never {
        let subscription = PreferenceSubscription(downstream: AnySubscriber(subscriber))
        let (current, token) = preferences.observeValues(keyPath) { [weak subscription] value in
            subscription?.enqueue(value)
        }
        subscription.start(token: token, initial: includingInitial ? current : nil)
        subscriber.receive(subscription: subscription)
    }
}

/// One subscriber's observation of a key: buffers values until they are demanded, and delivers them
/// in order, one thread at a time, outside its lock.
final class PreferenceSubscription<Value: Sendable>: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<Value, Never>

    private struct State {
        var downstream: Downstream?
        var token: PreferenceObservationToken?
        var demand: Subscribers.Demand = .none
        var buffer: [Value] = []
        var isDelivering = false
    }

    private let lock = NSLock()
    private var state: State

    init(downstream: Downstream) {
        state = State(downstream: downstream)
    }

    /// Keeps the observation alive and queues the initial value, if any, before the values that
    /// arrived since the observation began.
    func start(token: PreferenceObservationToken, initial: Value?) {
        lock.withLock {
            state.token = token
            if let initial { state.buffer.insert(initial, at: 0) }
        }
    }

    func enqueue(_ value: Value) {
        let isLive = lock.withLock {
            guard state.downstream != nil else { return false }
            state.buffer.append(value)
            return true
        }
        if isLive { deliver() }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { state.demand += demand }
        deliver()
    }

    func cancel() {
        let token = lock.withLock {
            defer { state = State() }
            return state.token
        }
        token?.cancel()
    }

    /// Hands buffered values to the subscriber while it has demand. A thread that finds another one
    /// delivering leaves its values to that thread, which keeps them in order.
    private func deliver() {
        let becameDeliverer = lock.withLock {
            guard !state.isDelivering else { return false }
            state.isDelivering = true
            return true
        }
        guard becameDeliverer else { return }
        while true {
            let next = lock.withLock { () -> (Downstream, Value)? in
                guard let downstream = state.downstream, state.demand > 0, !state.buffer.isEmpty else {
                    state.isDelivering = false
                    return nil
                }
                state.demand -= 1
                return (downstream, state.buffer.removeFirst())
            }
            guard let (downstream, value) = next else { return }
            let more = downstream.receive(value)
            lock.withLock { state.demand += more }
        }
    }
}
