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
        let task = Task {
            var seen = 0
            for await _ in prefs.values(\.count) { seen += 1 }
            return seen
        }
        try? await Task.sleep(for: .milliseconds(20))
        task.cancel()
        let seen = await task.value
        #expect(seen >= 0)
        prefs[\.count] = 2
        #expect(await waitFor { prefs.observerCount == 0 })
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

    private func waitFor(_ condition: @Sendable () -> Bool) async -> Bool {
        for _ in 0..<5_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }
}
