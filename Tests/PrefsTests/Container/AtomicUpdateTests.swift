import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

@Suite struct AtomicUpdateTests {
    @Test func concurrentIncrementsFromManyTasksLoseNothing() async throws {
        let (prefs, store) = makePreferences()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { for _ in 0..<50 { prefs.update(\.count) { $0 += 1 } } }
            }
        }
        #expect(prefs[\.count] == 1_000)
        try prefs.flush()
        #expect(store.contents["count"] == 1_000)
    }

    @Test func twoContainersOnOneStoreIncrementAtomically() async throws {
        let store = InMemoryPreferenceStore()
        let first = Preferences(store: store), second = Preferences(store: store)
        await withTaskGroup(of: Void.self) { group in
            for prefs in [first, second] {
                group.addTask { for _ in 0..<250 { prefs.update(\.count) { $0 += 1 } } }
                group.addTask { for _ in 0..<250 { prefs.update(\.count) { $0 += 1 } } }
            }
        }
        #expect(store.value(forKey: "count") == 1_000)
        await eventually("both containers see the total") { first[\.count] == 1_000 && second[\.count] == 1_000 }
    }

    @Test func updateReturnsTheBodysResultAndRethrows() {
        let (prefs, _) = makePreferences(["count": 4])
        let doubled = prefs.update(\.count) { value -> Int in
            value *= 2
            return value
        }
        #expect(doubled == 8)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try prefs.update(\.count) { value in
                value = 100
                throw Refused()
            }
        }
        #expect(prefs[\.count] == 8)
    }

    @Test func transactionIsAllOrNothing() throws {
        let (prefs, store) = makePreferences()
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try prefs.transaction { tx in
                tx[\.theme] = .dark
                tx[\.count] = 5
                throw Abort()
            }
        }
        #expect(prefs[\.theme] == .system)
        #expect(prefs[\.count] == 0)
        try prefs.transaction { tx in
            tx[\.theme] = .dark
            tx[\.count] = tx[\.count] + 5
            #expect(tx[\.count] == 5)
        }
        #expect(prefs[\.theme] == .dark)
        #expect(prefs[\.count] == 5)
        #expect(store.writes.last == ["theme": "dark", "count": 5])
        #expect(store.writes.count == 1)
    }

    @Test func transactionSpansStoresAndResets() throws {
        let main = InMemoryPreferenceStore(["count": 1]), second = InMemoryPreferenceStore()
        let prefs = Preferences(stores: [.default: main, .second: second])
        try prefs.transaction { tx in
            tx[\.secondStoreToken] = "t"
            tx.reset(\.count)
        }
        #expect(second.value(forKey: "token") == "t")
        #expect(main.value(forKey: "count") == nil)
        #expect(prefs[\.count] == 0)
    }

    /// Both keys only grow, together: a reader that reads one and then the other can see the second
    /// newer than the first, never older, unless a transaction became visible key by key.
    @Test func readersNeverSeeHalfATransaction() async throws {
        let (prefs, _) = makePreferences()
        let torn = Collected<String>()
        let seenInObserver = Collected<String>()
        let token = prefs.observe(\.count) { change in
            if prefs[\.otherCount] < change.newValue { seenInObserver.append("observer saw half") }
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for value in 1...300 {
                    try? prefs.transaction { tx in
                        tx[\.count] = value
                        tx[\.otherCount] = value
                    }
                }
            }
            group.addTask {
                for _ in 0..<20_000 {
                    let count = prefs[\.count], other = prefs[\.otherCount]
                    if other < count { torn.append("count \(count) before other \(other)") }
                }
            }
            group.addTask {
                for _ in 0..<20_000 {
                    let other = prefs[\.otherCount], count = prefs[\.count]
                    if count < other { torn.append("other \(other) before count \(count)") }
                }
            }
        }
        #expect(torn.all.isEmpty)
        #expect(seenInObserver.all.isEmpty)
        #expect(prefs[\.count] == 300)
        token.cancel()
    }

    @Test func observersHearEachKeyOfATransactionOnceAfterItCommits() throws {
        let (prefs, _) = makePreferences()
        let heard = Collected<String>()
        let tokens = [
            prefs.observe(\.theme) { _ in heard.append("theme:\(prefs[\.count])") },
            prefs.observe(\.count) { _ in heard.append("count") },
        ]
        try prefs.transaction { tx in
            tx[\.theme] = .dark
            tx[\.theme] = .light
            tx[\.count] = 3
        }
        eventually { heard.count == 2 }
        #expect(Set(heard.all) == ["theme:3", "count"])
        _ = tokens
    }
}
