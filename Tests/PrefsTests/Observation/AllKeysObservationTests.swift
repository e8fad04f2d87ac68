import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

@Suite struct AllKeysObservationTests {
    @Test func namesOfChangedKeysArriveOnceEachAndEqualWritesStayQuiet() async throws {
        let (prefs, store) = makePreferences(["count": 1], keyPrefix: "")
        let names = Collected<String>()
        let changedKeys = prefs.changedKeys()  // subscribed now; the consumer reads what the sequence buffers
        let consumer = Task { for await name in changedKeys { names.append(name) } }
        prefs[\.count] = 1  // unchanged
        prefs[\.count] = 2
        prefs[\.theme] = .dark
        store.simulateOutsideChange(["never_read": 5])
        await eventually { names.count == 3 }
        #expect(Set(names.all) == ["count", "theme", "never_read"])
        consumer.cancel()
    }

    @Test func aStoreUnderTwoIDsNamesEachChangeOnce() async throws {
        let store = InMemoryPreferenceStore()
        let prefs = Preferences(stores: [.default: store, .second: store])
        _ = prefs[\.secondStoreToken]  // cached under the second ID only
        let names = Collected<String>()
        let changedKeys = prefs.changedKeys()  // subscribed now
        let consumer = Task { for await name in changedKeys { names.append(name) } }
        prefs[\.count] = 2  // cached under the first ID only
        prefs[\.secondStoreToken] = "t"
        store.write(["outside": .some(1)])  // cached in neither
        _ = prefs[\.secondStoreCountIfStored]  // `count` as an optional, under the second ID: reads 2
        prefs.reset(\.count)  // both key paths see 2 become nothing: named once
        // The optional reads nil, then 0. The first ID's `count` read its default, 0, and reads 0: it names nothing,
        // and the second ID's key path must name the change.
        prefs[\.secondStoreCountIfStored] = 0
        prefs[\.name] = "last"
        // Names arrive in order: once the last write is named, every earlier name has arrived.
        await eventually("the last write is named") { names.all.contains("name") }
        #expect(names.all == ["count", "token", "outside", "count", "count", "name"])
        consumer.cancel()
    }

    /// A store read through on every read, bound under two IDs: the read that finds a change behind the store's back
    /// names it once, and a read through the other ID's key path finds nothing new.
    @Test func aStoreReadThroughUnderTwoIDsNamesAChangeOnce() async throws {
        let suite = try TemporarySuite()
        let store = try #require(UserDefaultsPreferenceStore(suiteName: suite.name, pollingInterval: nil))
        let prefs = Preferences(stores: [.default: store, .second: store])
        #expect(prefs[\.count] == 0 && prefs[\.secondStoreCountIfStored] == nil)
        let names = Collected<String>()
        let changedKeys = prefs.changedKeys()  // subscribed now
        let consumer = Task { for await name in changedKeys { names.append(name) } }
        suite.defaults.set(7, forKey: "count")  // behind the store's back: no report, no poll
        #expect(prefs[\.count] == 7)  // the read through finds it
        #expect(prefs[\.secondStoreCountIfStored] == 7)
        prefs[\.name] = "last"
        await eventually("the last write is named") { names.all.contains("name") }
        #expect(names.all == ["count", "name"])
        consumer.cancel()
    }

    @Test func aConsumerThatWritesDoesNotLoop() async throws {
        let (prefs, _) = makePreferences()
        let names = Collected<String>()
        let changedKeys = prefs.changedKeys()  // subscribed now
        let consumer = Task {
            for await name in changedKeys {
                names.append(name)
                if name != "name" { prefs[\.otherCount] = 1 }  // changes once, then is an equal write
            }
        }
        prefs[\.count] = 5
        await eventually("the write and the consumer's own write are named") { names.count == 2 }
        // Names arrive in order: once the next change is named, a loop would have named more before it.
        prefs[\.name] = "after"
        await eventually("a later change is named") { names.all.contains("name") }
        #expect(names.all == ["count", "other_count", "name"])
        consumer.cancel()
    }
}
