import Foundation
import PrefsTestSupport
import PrefsTesting
import Testing

@testable import Prefs

@Suite struct ObserverLifetimeTests {
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
        let (prefs, _) = makePreferences()
        let started = Collected<Int>()
        let task = Task {
            var seen = 0
            for await value in prefs.values(\.count) {
                seen += 1
                started.append(value)
            }
            return seen
        }
        await eventually("the sequence yields the current value") { started.count == 1 }
        task.cancel()
        let seen = await task.value
        #expect(seen >= 1)
        prefs[\.count] = 2
        await eventually("the cancelled sequence leaves no observer") { prefs.observerCount == 0 }
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
