import Foundation
import PrefsTestSupport
import PrefsTesting
import Testing

@testable import Prefs

@Suite(.ownThreads) struct ObserverLifetimeTests {
    @Test func cancelledAndReleasedTokensStopObserving() {
        let (prefs, _) = makePreferences()
        let woken = Collected<Int>()
        let cancelled = prefs.observe(\.count) { woken.append($0.newValue) }
        cancelled.cancel()
        #expect(cancelled.isCancelled)
        do { _ = prefs.observe(\.count) { woken.append($0.newValue) } }
        let kept = prefs.observe(\.otherCount) { _ in }
        prefs[\.count] = 1
        #expect(woken.count == 0)
        kept.cancel()
    }

    @Test func aCancelledSequenceEndsAndUnregisters() async {
        let store = InMemoryPreferenceStore()
        let prefs = Preferences(store: store), other = Preferences(store: store)
        let seen = Collected<Int>()
        // A child task, not `Task {}`: it runs on the suite's own threads (`.ownThreads`), so a suite of blocking tests
        // on the cooperative pool cannot keep it from its first value (under ThreadSanitizer it once waited 50 s).
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await value in prefs.values(\.decodeCounted) { seen.append(value.number) }
            }
            await eventually("the sequence yielded its first value") { seen.count == 1 }
            group.cancelAll()  // the stream's termination handler runs here, and unregisters the observer
            await group.waitForAll()
        }
        // An observer still registered would have the new value decoded for it when another container writes it.
        let decodesBefore = DecodeCounted.decodes.withLock { $0 }
        other[\.decodeCounted] = DecodeCounted(number: 5)
        #expect(DecodeCounted.decodes.withLock { $0 } == decodesBefore, "no observer is left to decode for")
        #expect(prefs[\.decodeCounted].number == 5)
        #expect(seen.all == [0])
    }

    @Test func aReleasedContainerEndsItsSequencesAndLeavesNoObservers() async {
        weak var released: Preferences?
        let stream: AsyncStream<Int>
        do {
            let prefs = Preferences(store: InMemoryPreferenceStore())
            stream = prefs.values(\.count)
            let token = prefs.observe(\.count) { _ in }
            token.cancel()
            released = prefs
        }
        #expect(released == nil)
        var elements: [Int] = []
        for await element in stream { elements.append(element) }  // ends because the container went away
        #expect(elements == [0])
    }

}

/// A value that counts how often it is decoded: what tells whether a container still decodes for an observer.
struct DecodeCounted: Codable, Equatable, PreferenceStorable {
    static let decodes = Lock(0)
    var number: Int

    init(number: Int) { self.number = number }

    init(from decoder: any Decoder) throws {
        Self.decodes.withLock { $0 += 1 }
        number = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .number)
    }
}

extension PreferenceKeys {
    fileprivate var decodeCounted: Key<DecodeCounted> { Key("decode-counted", default: DecodeCounted(number: 0)) }
}
