import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

@Suite struct PerKeyObservationTests {
    @Test func valuesStartsWithTheCurrentValueThenEachNewOne() async {
        let (prefs, _) = makePreferences(["theme": "light"])
        let stream = prefs.values(\.theme)
        prefs[\.theme] = .dark
        prefs[\.theme] = .system
        #expect(await first(3, of: stream) == [.light, .dark, .system])
    }

    @Test func changesYieldsOnlyNewValues() async {
        let (prefs, _) = makePreferences()
        let stream = prefs.changes(\.count)
        prefs[\.count] = 1
        prefs[\.count] = 2
        #expect(await first(2, of: stream) == [1, 2])
    }

    @Test func observeReportsOldAndNewValue() {
        let (prefs, _) = makePreferences()
        let changes = Collected<PreferenceChange<Int>>()
        let token = prefs.observe(\.count) { changes.append($0) }
        prefs[\.count] = 1
        prefs[\.count] = 5
        eventually { changes.count == 2 }
        #expect(
            changes.all == [PreferenceChange(oldValue: 0, newValue: 1), PreferenceChange(oldValue: 1, newValue: 5)])
        token.cancel()
    }

    @Test func otherKeysAndEqualWritesNeverWakeAnObserver() throws {
        let (prefs, store) = makePreferences(["count": 1])
        let woken = Collected<Int>()
        let token = prefs.observe(\.count) { woken.append($0.newValue) }
        prefs[\.otherCount] = 9
        prefs[\.theme] = .dark
        prefs[\.count] = 1
        store.simulateOutsideChange(["count": 1, "other_count": 3])
        prefs[\.count] = 2  // the one real change, delivered after everything above
        eventually { woken.count == 1 }
        try prefs.flush()
        #expect(woken.all == [2])
        token.cancel()
    }

    @Test func resettingAKeyThatHoldsItsDefaultValueWakesNobody() {
        let (prefs, _) = makePreferences(["count": 0])
        let woken = Collected<Int>()
        let token = prefs.observe(\.count) { woken.append($0.newValue) }
        prefs.reset(\.count)
        prefs[\.count] = 7
        eventually { woken.count == 1 }
        #expect(woken.all == [7])
        token.cancel()
    }

    /// `observe` is synchronous for the writer: with nobody else delivering, the observer of a key has heard of a
    /// write before the write returns (the benchmarks' `callbacksAfterReturn`, asserted here as a count).
    @Test func anObserverHearsOfEachWriteBeforeTheWriteReturns() {
        let (prefs, _) = makePreferences()
        let heard = Collected<Int>()
        let token = prefs.observe(\.count) { heard.append($0.newValue) }
        var callbacksAfterReturn = 0
        for value in 1...1_000 {
            prefs[\.count] = value
            if heard.all.last != value { callbacksAfterReturn += 1 }
        }
        #expect(callbacksAfterReturn == 0)
        #expect(heard.count == 1_000)
        token.cancel()
    }

    /// The observers of one key are told in the order they were added, also after one was removed and another added.
    @Test func aKeysObserversAreToldInTheOrderTheyWereAdded() {
        let (prefs, _) = makePreferences()
        let told = Collected<Int>()
        var tokens = (0..<8).map { number in prefs.observe(\.count) { _ in told.append(number) } }
        tokens[2].cancel()
        tokens[5].cancel()
        tokens.append(prefs.observe(\.count) { _ in told.append(8) })
        prefs[\.count] = 1
        #expect(told.all == [0, 1, 3, 4, 6, 7, 8])
        tokens.forEach { $0.cancel() }
    }

    @Test func oneWriteWakesExactlyOneOfAThousandObservers() throws {
        let (prefs, _) = makePreferences()
        let woken = Collected<Int>()
        let tokens = (0..<1_000).map { index in
            prefs.observe(\.count) { _ in woken.append(index) }
        }
        let other = Collected<Int>()
        let otherToken = prefs.observe(\.otherCount) { other.append($0.newValue) }
        prefs[\.otherCount] = 1
        eventually { other.count == 1 }
        #expect(woken.count == 0)
        _ = (tokens, otherToken)
    }

    /// Outside changes are read back from the store, so observers converge on its latest state;
    /// this test waits for each state before making the next.
    @Test func outsideChangesReachObserversWithTheSameRules() async {
        let (prefs, store) = makePreferences()
        let stream = prefs.values(\.name)
        let seen = Collected<String>()
        let consumer = Task { for await name in stream { seen.append(name) } }
        store.simulateOutsideChange(["name": "outside"])
        await eventually { seen.all == ["anonymous", "outside"] }
        store.simulateOutsideChange(["name": "outside"])
        store.simulateOutsideChange(["unrelated": 1])
        store.simulateOutsideChange(["name": nil])
        await eventually { seen.all.count == 3 }
        #expect(seen.all == ["anonymous", "outside", "anonymous"])
        #expect(prefs[\.name] == "anonymous")
        consumer.cancel()
    }

    @Test func aSecondContainerOnTheSameStoreSeesWrites() async throws {
        let store = InMemoryPreferenceStore()
        let writer = Preferences(store: store), reader = Preferences(store: store)
        let stream = reader.changes(\.theme)
        writer[\.theme] = .dark
        #expect(await first(1, of: stream) == [.dark])
        #expect(reader[\.theme] == .dark)
    }

    @Test func observersMayReadAndWriteAnyKeyIncludingTheirOwn() throws {
        let (prefs, _) = makePreferences()
        let seen = Collected<Int>()
        let token = prefs.observe(\.count) { change in
            seen.append(prefs[\.count])
            prefs[\.count] = change.newValue  // the same value: must not loop
            prefs[\.otherCount] = change.newValue * 10
            if change.newValue > 100 { prefs[\.count] = 100 }  // clamp: one more change, then quiet
        }
        prefs[\.count] = 5
        prefs[\.count] = 500
        eventually { prefs[\.count] == 100 && prefs[\.otherCount] == 1_000 }
        try prefs.flush()
        eventually { seen.count == 3 }
        #expect(seen.all == [5, 500, 100])
        token.cancel()
    }

    @Test func observersMayUpdateAndFlushFromAnOutsideChange() throws {
        let (prefs, store) = makePreferences()
        let done = Collected<Bool>()
        let token = prefs.observe(\.name) { _ in
            prefs.update(\.count) { $0 += 1 }
            try? prefs.flush()
            done.append(true)
        }
        store.simulateOutsideChange(["name": "x"])
        eventually { done.count == 1 }
        #expect(prefs[\.count] == 1)
        token.cancel()
    }

    @Test func observationTrackingFiresForTheReadKeyOnly() {
        let (prefs, _) = makePreferences()
        let fired = Collected<String>()
        withObservationTracking {
            _ = prefs[\.theme]
        } onChange: {
            fired.append("theme")
        }
        prefs[\.count] = 3
        prefs[\.theme] = .system  // unchanged
        #expect(fired.count == 0)
        prefs[\.theme] = .dark
        eventually { fired.count == 1 }
        prefs[\.theme] = .light  // tracking fires once
        #expect(fired.all == ["theme"])
    }

    @Test func observationTrackingOfAKeyIgnoresAChangeOnlyAnotherKeyOfItsNameSees() {
        let (prefs, _) = makePreferences()  // nothing stored under "count"
        #expect(prefs[\.countIfStored] == nil)
        let fired = Collected<String>()
        withObservationTracking {
            _ = prefs[\.count]  // reads its default, 0
        } onChange: {
            fired.append("count")
        }
        prefs[\.countIfStored] = 0  // `count` still reads 0; `countIfStored` reads 0 instead of nil
        #expect(fired.count == 0 && prefs[\.count] == 0 && prefs[\.countIfStored] == 0)
        prefs[\.countIfStored] = 3
        #expect(fired.all == ["count"] && prefs[\.count] == 3)
    }

    @Test func observationTrackingSeesOutsideChanges() {
        let (prefs, store) = makePreferences()
        let fired = Collected<Bool>()
        withObservationTracking {
            _ = prefs[\.window]
        } onChange: {
            fired.append(true)
        }
        store.simulateOutsideChange(["window": ["x": 1.0, "y": 0.0, "width": 0.0, "height": 0.0]])
        eventually { fired.count == 1 }
    }
}
