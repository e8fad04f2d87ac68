import Foundation
import Prefs
import PrefsCombine
import PrefsTestSupport
import PrefsTesting
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The Combine faces of per-key observation, on OpenCombine here and Combine on Apple platforms.
@Suite struct PreferencesPublishersTests {
    @Test func valuesPublisherStartsWithTheCurrentValueThenEachNewOne() {
        let prefs = Preferences(store: InMemoryPreferenceStore(["count": 1]))
        let received = Received<Int>()
        let cancellable = prefs.valuesPublisher(for: \.count).sink { received.append($0) }
        prefs[\.count] = 2
        prefs[\.count] = 3
        eventually { received.all == [1, 2, 3] }
        cancellable.cancel()
    }

    @Test func withoutTheInitialValueOnlyNewValuesArrive() {
        let prefs = Preferences(store: InMemoryPreferenceStore(["count": 1]))
        let received = Received<Int>()
        let cancellable = prefs.valuesPublisher(for: \.count, includingInitial: false).sink { received.append($0) }
        prefs[\.count] = 2
        eventually { received.all == [2] }
        cancellable.cancel()
    }

    @Test func changesPublisherEmitsOncePerChange() {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        let received = Received<Void>()
        let cancellable = prefs.changesPublisher(for: \.name).sink { received.append(()) }
        prefs[\.name] = "Ada"
        prefs[\.name] = "Ada"  // no change
        prefs[\.name] = "Grace"
        eventually { received.all.count == 2 }
        // Changes arrive in order: once a later one has arrived, an extra one for the equal write would have too.
        prefs[\.name] = "Hopper"
        eventually { received.all.count >= 3 }
        #expect(received.all.count == 3)
        cancellable.cancel()
    }

    @Test func otherKeysAndOutsideChangesOfThem() throws {
        let store = TestPreferenceStore()
        let prefs = Preferences(store: store)
        let received = Received<Int>()
        let cancellable = prefs.valuesPublisher(for: \.count, includingInitial: false).sink { received.append($0) }
        prefs[\.other] = 5
        store.simulateOutsideChange(["other": 6])
        store.simulateOutsideChange(["count": 7])  // as if another process wrote it
        eventually { received.all == [7] }
        try prefs.flush()
        #expect(received.all == [7])
        cancellable.cancel()
    }

    @Test func cancellingStopsDelivery() {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        let received = Received<Int>()
        let cancellable = prefs.valuesPublisher(for: \.count).sink { received.append($0) }
        eventually { received.all == [0] }
        cancellable.cancel()
        prefs[\.count] = 1
        #expect(received.all == [0])
    }

    /// Values beyond the subscriber's demand wait, in order, until it asks for more.
    @Test func deliveryFollowsDemand() {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        let subscriber = DemandingSubscriber()
        prefs.valuesPublisher(for: \.count).subscribe(subscriber)
        prefs[\.count] = 1
        prefs[\.count] = 2
        #expect(subscriber.received.all == [0])
        subscriber.request(2)
        #expect(subscriber.received.all == [0, 1, 2])
        prefs[\.count] = 3
        #expect(subscriber.received.all == [0, 1, 2])
        subscriber.request(1)
        #expect(subscriber.received.all == [0, 1, 2, 3])
        subscriber.cancel()
    }

    /// A raw `UserDefaults` write reaches a publisher through the UserDefaults store.
    @Test func aRawUserDefaultsWriteReachesAPublisher() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-combine-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #if canImport(Darwin)
        let suiteName = "prefs-tests-\(UUID())"
        #else
        let suiteName = directory.appendingPathComponent("suite").path
        #endif
        let prefs = Preferences(
            store: UserDefaultsPreferenceStore(suiteName: suiteName, pollingInterval: .milliseconds(20))!)
        let received = Received<String>()
        let cancellable = prefs.valuesPublisher(for: \.name).sink { received.append($0) }
        UserDefaults(suiteName: suiteName)!.set("Ada", forKey: "name")
        eventually { received.all == ["anonymous", "Ada"] }
        cancellable.cancel()
    }
}

/// Requests one value on subscription, then only what the test asks for.
final class DemandingSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    let received = Received<Int>()
    private let lock = NSLock()
    private var subscription: (any Subscription)?

    func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        subscription.request(.max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        received.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}

    func request(_ count: Int) { lock.withLock { subscription }?.request(.max(count)) }
    func cancel() { lock.withLock { subscription }?.cancel() }
}
