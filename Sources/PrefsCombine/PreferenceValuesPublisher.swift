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
/// in order, one thread at a time, outside its lock (Prefs' one delivery loop).
final class PreferenceSubscription<Value: Sendable>: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<Value, Never>

    private struct State {
        var downstream: Downstream?
        var token: PreferenceObservationToken?
        var demand: Subscribers.Demand = .none
        var buffer = DeliveryQueue<Value>()
    }

    private let state: Lock<State>

    init(downstream: Downstream) {
        state = Lock(State(downstream: downstream))
    }

    /// Keeps the observation alive and queues the initial value, if any, before the values that
    /// arrived since the observation began.
    func start(token: PreferenceObservationToken, initial: Value?) {
        state.withLock { state in
            state.token = token
            if let initial { state.buffer.prepend(initial) }
        }
    }

    func enqueue(_ value: Value) {
        let isLive = state.withLock { state in
            guard state.downstream != nil else { return false }
            state.buffer.append(value)
            return true
        }
        if isLive { deliver() }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demand += demand }
        deliver()
    }

    func cancel() {
        let token = state.withLock { state in
            defer { state = State() }
            return state.token
        }
        token?.cancel()
    }

    /// Hands buffered values to the subscriber while it has demand. A thread that finds another one
    /// delivering leaves its values to that thread, which keeps them in order.
    private func deliver() {
        deliverInOrder {
            state.withLock { $0.buffer.claim() }
        } next: {
            state.withLock { state -> (item: Value, recipient: Downstream)? in
                guard let downstream = state.downstream else {
                    state.buffer.removeAll()
                    _ = state.buffer.popFirst()  // gives the claim up
                    return nil
                }
                let value = state.buffer.popFirst(ready: state.demand > 0)
                if value != nil { state.demand -= 1 }
                return value.map { ($0, downstream) }
            }
        } deliver: { value, downstream in
            let more = downstream.receive(value)
            state.withLock { $0.demand += more }
        }
    }
}
